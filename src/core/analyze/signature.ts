import { fnv1a32 } from '../hash.js';
import { normaliseErrorLine } from './normalise-error-line.js';
import type { Location } from '../diagnosis.js';

const LEADING_LOCATION = /^\s*\S+?(?:\(\d+,\d+\)|:\d+(?::\d+)?)(?::|\s+-)?\s+/;

function extensionOf(file: string | undefined): string {
  const m = file ? /\.([A-Za-z0-9]+)$/.exec(file) : null;
  return m ? (m[1] as string).toLowerCase() : 'none';
}

/** `{pattern}:{ext}:{hash}` — the seed's error signature, stable across runs of the same failure. */
export function errorSignature(
  pattern: string | null,
  primary: Location | undefined,
  headline: string,
): string {
  // The error's own words, not where it was printed: `a.ts(2,7): error` and `a.ts:2:7 - error` agree.
  const message = headline.replace(LEADING_LOCATION, '');
  return `${pattern ?? 'unknown'}:${extensionOf(primary?.file)}:${fnv1a32(normaliseErrorLine(message))}`;
}
