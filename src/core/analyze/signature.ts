import { fnv1a } from '../hash.js';
import type { Location } from '../diagnosis.js';

/**
 * The parts of an error line that change from run to run of the same failure: where it ran (absolute
 * and temporary paths), when (timestamps), how long (durations), where in memory (addresses), and which
 * line it is on (line:column, which moves with unrelated edits).
 */
export function normaliseErrorText(text: string): string {
  return text
    .replace(/\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(?:\.\d+)?Z?/g, '<time>')
    .replace(/\b\d\d:\d\d:\d\d(?:\.\d+)?\b/g, '<time>')
    .replace(/(?:[A-Za-z]:)?(?:[\\/][\w@.+$-]+)+[\\/]([\w@.+$-]+)/g, '$1')
    .replace(/\(\d+,\d+\)|:\[\d+(?:,\d+)?\]|:\d+(?::\d+)?\b|\bline \d+(?:, column \d+)?/g, '')
    .replace(/\b0x[0-9a-fA-F]+\b/g, '<addr>')
    .replace(/\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,64}\b/g, '<sha>')
    .replace(/\b\d+(?:\.\d+)?\s?(?:ms|s|sec|secs|seconds|m|min|minutes)\b/g, '<dur>')
    .replace(/\s+/g, ' ')
    .trim();
}

export function extensionOf(file: string | undefined): string {
  const m = file ? /\.([A-Za-z0-9]+)$/.exec(file) : null;
  return m ? (m[1] as string).toLowerCase() : 'none';
}

/** `{pattern}:{ext}:{hash}` — the seed's error signature, stable across runs of the same failure. */
export function errorSignature(pattern: string | null, primary: Location | undefined, headline: string): string {
  return `${pattern ?? 'unknown'}:${extensionOf(primary?.file)}:${fnv1a(normaliseErrorText(headline))}`;
}
