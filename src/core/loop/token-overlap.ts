/**
 * Tokenisation used by the same-error rule. The text is lowercased, then volatile parts are replaced by
 * placeholders so that the same error at another place or time still compares equal:
 * - hexadecimal runs (`0x1f`, commit hashes of 7+ hex digits) → `<hex>`
 * - paths (anything containing `/` or `\` with a segment, or `name.ext`) → `<path>`
 * - numbers (integers, decimals, line:col) → `<num>`
 * What remains is split into word tokens `[a-z_]+` (and the placeholders).
 */
function tokenize(text: string): string[] {
  const normalised = text
    .toLowerCase()
    .replace(/\b0x[0-9a-f]+\b/g, ' <hex> ')
    .replace(/\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,}\b/g, ' <hex> ')
    .replace(/(?:[a-z]:)?(?:[\w.@~-]*[/\\])+[\w.@-]+/g, ' <path> ')
    .replace(/\b[\w-]+\.(?:[cm]?[jt]sx?|json|ya?ml|toml|py|go|rs|java|rb|md|lock)\b/g, ' <path> ')
    .replace(/\d+(?:[.:]\d+)*/g, ' <num> ');
  return normalised.match(/<hex>|<path>|<num>|[a-z_]+/g) ?? [];
}

/**
 * How much two error texts overlap, in [0, 1]: the Jaccard similarity of their token multisets
 * (|A ∩ B| / |A ∪ B|, counting repeats). Two empty texts overlap fully; one empty text not at all.
 * The same-error rule treats `> 0.8` as "substantially similar".
 */
export function tokenOverlap(a: string, b: string): number {
  const ta = counts(tokenize(a));
  const tb = counts(tokenize(b));
  if (ta.size === 0 && tb.size === 0) return 1;
  let inter = 0;
  let union = 0;
  for (const key of new Set([...ta.keys(), ...tb.keys()])) {
    const x = ta.get(key) ?? 0;
    const y = tb.get(key) ?? 0;
    inter += Math.min(x, y);
    union += Math.max(x, y);
  }
  return union === 0 ? 0 : inter / union;
}

/** The seed's threshold: errors are "substantially similar" above 80% token overlap. */
const SAME_ERROR_THRESHOLD = 0.8;

export function isSameError(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return false;
  return tokenOverlap(a, b) > SAME_ERROR_THRESHOLD;
}

function counts(tokens: string[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const t of tokens) map.set(t, (map.get(t) ?? 0) + 1);
  return map;
}
