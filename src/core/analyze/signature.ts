import { fnv1a32 } from '../hash.js';
import { normaliseErrorLine } from './normalise-error-line.js';
import type { Location } from '../diagnosis.js';

export function extensionOf(file: string | undefined): string {
  const m = file ? /\.([A-Za-z0-9]+)$/.exec(file) : null;
  return m ? (m[1] as string).toLowerCase() : 'none';
}

/** `{pattern}:{ext}:{hash}` — the seed's error signature, stable across runs of the same failure. */
export function errorSignature(pattern: string | null, primary: Location | undefined, headline: string): string {
  return `${pattern ?? 'unknown'}:${extensionOf(primary?.file)}:${fnv1a32(normaliseErrorLine(headline))}`;
}
