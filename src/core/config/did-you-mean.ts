import { distance } from 'fastest-levenshtein';

/**
 * The candidate closest to a misspelt `input`, or undefined when none is close enough to be a
 * plausible typo. Case and `-`/`_` differences count as near misses (`maxRetries`, `max-retries`), and
 * two neighbouring letters typed in the wrong order count as one slip (`rnu` → `run`), as git's and
 * cargo's suggestions count them.
 */
export function didYouMean(input: string, candidates: readonly string[]): string | undefined {
  const normalise = (s: string) => s.toLowerCase().replace(/[-_]/g, '');
  const target = normalise(input);
  let best: { candidate: string; cost: number } | undefined;
  for (const candidate of candidates) {
    if (candidate === input) continue;
    const other = normalise(candidate);
    const cost = swapsOnce(target, other) ? 1 : distance(target, other);
    if (best === undefined || cost < best.cost) best = { candidate, cost };
  }
  if (best === undefined) return undefined;
  const allowed = Math.max(1, Math.floor(Math.max(input.length, best.candidate.length) / 3));
  return best.cost <= allowed ? best.candidate : undefined;
}

/** Whether `b` is `a` with exactly one pair of neighbouring characters swapped. */
function swapsOnce(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  const at = [...a].findIndex((ch, i) => ch !== b[i]);
  return at >= 0 && a[at] === b[at + 1] && a[at + 1] === b[at] && a.slice(at + 2) === b.slice(at + 2);
}
