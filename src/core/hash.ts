/**
 * FNV-1a, 32 bit, over the UTF-16 code units of `text`: a small, stable, pure string hash.
 * Not cryptographic — use it for ids and file names (`candidate-pattern-<hash>.md`), never for secrets.
 */
export function fnv1a32(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}
