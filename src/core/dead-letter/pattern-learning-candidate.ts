import type { Diagnosis } from '../diagnosis.js';
import { PatternSchema } from '../patterns/pattern.js';
import { fnv1a32 } from '../hash.js';
import type { CandidatePattern, DeadLetterSummary } from './dead-letter.js';
import { guessCategory } from './guess-category.js';
import { stripAnsi } from '../analyze/clean-line.js';

/** The seed's thresholds: propose a pattern at ≥ 3 similar failures when no pattern reached 0.5. */
const CANDIDATE_MIN_SIMILAR = 3;
const CONFIDENT_MATCH = 0.5;

const STOPWORDS = new Set([
  'error',
  'errors',
  'the',
  'and',
  'for',
  'with',
  'from',
  'this',
  'that',
  'found',
  'failed',
]);
const MAX_PHRASE_WORDS = 8;

/** True when the seed asks for a pattern-learning candidate: enough similar failures, no confident match. */
export function shouldProposePattern(
  diagnosis: Pick<Diagnosis, 'confidence' | 'alternatives'>,
  similarCount: number,
): boolean {
  const best = Math.max(diagnosis.confidence, ...diagnosis.alternatives.map((a) => a.confidence));
  return similarCount >= CANDIDATE_MIN_SIMILAR && best < CONFIDENT_MATCH;
}

/** Words of a first error line that can be matched literally: no numbers, no paths. */
function words(line: string): string[] {
  return stripAnsi(line)
    .toLowerCase()
    .slice(0, 300)
    .split(/\s+/)
    .filter((w) => w !== '');
}

const usable = (w: string): boolean => !/[\d/\\]/.test(w);

/** The longest run of consecutive usable words of `line` found in every one of `others` (≥ 2 words). */
function commonPhrase(line: string, others: readonly string[]): string | null {
  const tokens = words(line);
  const haystacks = others.map((o) => ` ${words(o).join(' ')} `);
  let best: string | null = null;
  for (let start = 0; start < tokens.length; start += 1) {
    for (let end = start + 2; end <= Math.min(tokens.length, start + MAX_PHRASE_WORDS); end += 1) {
      const run = tokens.slice(start, end);
      if (!run.every(usable)) break;
      const phrase = run.join(' ');
      if (!haystacks.every((h) => h.includes(` ${phrase} `))) break;
      if (best === null || phrase.length > best.length) best = phrase;
    }
  }
  return best;
}

/**
 * A candidate Pattern learnt from a failure and (at least three) similar ones: the error code they
 * all share and the longest phrase common to their first error lines as signals, plus up to two
 * distinctive words they all contain; category guessed from those signals; strategy analyze_then_fix.
 * Null below three similar failures or when they share nothing literal.
 */
export function patternLearningCandidate(
  current: DeadLetterSummary,
  similar: readonly DeadLetterSummary[],
): CandidatePattern | null {
  if (similar.length < CANDIDATE_MIN_SIMILAR) return null;
  const all = [current, ...similar];
  const code = current.error_code;
  const codeShared =
    code !== null && all.every((f) => f.final_error.toLowerCase().includes(code.toLowerCase()));
  const phrase = commonPhrase(
    current.first_error_line,
    similar.map((f) => f.first_error_line),
  );
  const extra = [...new Set(words(current.first_error_line))]
    .filter((w) => usable(w) && w.length >= 5 && !STOPWORDS.has(w) && !(phrase ?? '').includes(w))
    .filter((w) => similar.every((f) => words(f.first_error_line).includes(w)))
    .slice(0, 2);
  const signals = [...(codeShared ? [code] : []), ...(phrase === null ? [] : [phrase]), ...extra];
  if (signals.length === 0) return null;
  const hash = fnv1a32(`${current.extension}\n${signals.join('\n')}`);
  const taskIds = all.map((f) => f.task_id);
  const pattern = PatternSchema.parse({
    id: `candidate-${hash}`,
    description: `Proposed from ${all.length} dead letters on .${current.extension} files with no confident pattern match`,
    category: guessCategory(signals.join(' ')),
    signals,
    strategy: 'analyze_then_fix',
    alternatives: ['context_expand'],
    max_auto_retries: 3,
    retryable: true,
    suggestion: `Seen in ${taskIds.join(', ')}; read the code at the reported location and compare with these earlier failures.`,
  });
  return {
    hash,
    pattern,
    task_ids: taskIds,
    extension: current.extension,
    error_code: codeShared ? code : null,
  };
}
