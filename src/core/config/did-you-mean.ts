import { distance } from 'fastest-levenshtein';

/**
 * The candidate closest to a misspelt `input`, or undefined when none is close enough to be a
 * plausible typo. Case and `-`/`_` differences count as near misses (`maxRetries`, `max-retries`).
 */
export function didYouMean(input: string, candidates: readonly string[]): string | undefined {
  const normalise = (s: string) => s.toLowerCase().replace(/[-_]/g, '');
  const target = normalise(input);
  let best: { candidate: string; cost: number } | undefined;
  for (const candidate of candidates) {
    if (candidate === input) continue;
    const cost = distance(target, normalise(candidate));
    if (best === undefined || cost < best.cost) best = { candidate, cost };
  }
  if (best === undefined) return undefined;
  const allowed = Math.max(1, Math.floor(Math.max(input.length, best.candidate.length) / 3));
  return best.cost <= allowed ? best.candidate : undefined;
}
