import type { Attempt } from '../attempt.js';
import type { Diagnosis } from '../diagnosis.js';
import type { Pattern } from '../patterns/pattern.js';
import { maskSecrets } from '../report/mask-secrets.js';
import { describeAttempts } from '../report/describe-attempts.js';
import { maskAttempt } from '../report/render-attempts-file.js';
import { suggestManualSteps } from '../report/suggest-manual-steps.js';
import { clipLine, truncateText, uniqueInOrder } from '../report/truncate-text.js';
import { STRATEGIES } from '../vocabulary.js';
import {
  DEAD_LETTER_VERSION,
  type BlockedReason,
  type DeadLetter,
  type DeadLetterSummary,
} from './dead-letter.js';
import { describeFailure } from './describe-failure.js';
import { patternLearningCandidate, shouldProposePattern } from './pattern-learning-candidate.js';
import { smartSuggestions } from './smart-suggestions.js';

export interface BuildDeadLetterInput {
  taskId: string;
  originalTask: string;
  attempts: readonly Attempt[];
  finalDiagnosis: Diagnosis;
  /** When the task was blocked (ISO-8601), supplied by the caller: core reads no clock. */
  blockedAt: string;
  blockedReason: BlockedReason;
  /** The pattern catalogue: suggestions and primary strategies. */
  patterns: readonly Pattern[];
  /** Earlier dead letters already found similar (see findSimilarDeadLetters). */
  similar: readonly DeadLetterSummary[];
  /** Literal secrets to mask besides the built-in token shapes. */
  secrets?: readonly string[];
}

function retryContext(entry: Omit<DeadLetter, 'retry_context'>): string[] {
  const { attempts } = entry;
  const context: string[] = [];
  const first = entry.final_error.split('\n').find((l) => l.trim() !== '') ?? '';
  if (first !== '') context.push(`The final error was: ${clipLine(first, 160)}`);
  if (attempts.length > 0)
    context.push(`Previous attempts tried: ${attempts.map((a) => clipLine(a.action, 80)).join('; ')}`);
  const patterns = uniqueInOrder(attempts.map((a) => a.pattern_matched ?? 'unknown'));
  if (attempts.length > 1 && patterns.length === 1) {
    context.push(
      `The same \`${patterns[0]}\` failure came back after every attempt: the root cause may lie outside the lines that were changed`,
    );
  }
  if (entry.locations.length > 0) {
    context.push(
      `The error points at ${entry.locations
        .slice(0, 3)
        .map((l) => `\`${l.file}:${l.line}\``)
        .join(', ')}`,
    );
  }
  const untried = STRATEGIES.filter((s) => s !== 'escalate' && !entry.strategies_exhausted.includes(s));
  context.push(
    `Strategies already used: ${entry.strategies_exhausted.join(', ') || 'none'}; not yet tried: ${untried.join(', ') || 'none'}`,
  );
  return context;
}

/**
 * Compiles the seed's dead-letter entry: all attempts (masked, errors ≤ 2000 characters), the final
 * pattern and signature, strategies exhausted, smart suggestions when there is at least one similar
 * failure, a pattern-learning candidate at ≥ 3 similar failures with no confident match, manual steps
 * from the final pattern's suggestion and located files, and context for a retry.
 */
export function buildDeadLetter(input: BuildDeadLetterInput): DeadLetter {
  const secrets = input.secrets ?? [];
  const mask = (text: string): string => maskSecrets(text, secrets);
  const attempts = input.attempts.map((a) => maskAttempt(a, secrets));
  const diagnosis: Diagnosis = {
    ...input.finalDiagnosis,
    locations: input.finalDiagnosis.locations.map((l) => ({ ...l, file: mask(l.file) })),
    evidence:
      input.finalDiagnosis.evidence === null
        ? null
        : { ...input.finalDiagnosis.evidence, text: truncateText(mask(input.finalDiagnosis.evidence.text)) },
  };
  const summary = describeFailure({
    taskId: mask(input.taskId),
    originalTask: mask(input.originalTask),
    attempts,
    finalDiagnosis: diagnosis,
    blockedAt: input.blockedAt,
    blockedReason: input.blockedReason,
    similarFailures: input.similar.length,
  });
  const pattern = input.patterns.find((p) => p.id === diagnosis.pattern);
  const candidate = shouldProposePattern(diagnosis, input.similar.length)
    ? patternLearningCandidate(summary, input.similar)
    : null;
  const entry: Omit<DeadLetter, 'retry_context'> = {
    version: DEAD_LETTER_VERSION,
    task_id: summary.task_id,
    original_task: summary.original_task,
    task_description: truncateText(mask(input.originalTask)),
    total_attempts: attempts.length,
    final_pattern: summary.final_pattern,
    final_category: diagnosis.category,
    final_confidence: diagnosis.confidence,
    strategies_exhausted: summary.strategies_exhausted,
    blocked_at: input.blockedAt,
    blocked_reason: input.blockedReason,
    similar_failures: input.similar.length,
    error_signature: mask(diagnosis.signature),
    attempts,
    attempt_labels: describeAttempts(
      attempts,
      input.patterns,
      input.blockedReason === 'retry_budget_exhausted',
    ),
    files_modified: summary.files,
    final_error: summary.final_error,
    locations: diagnosis.locations,
    smart_suggestions: input.similar.length >= 1 ? smartSuggestions(summary, input.similar) : null,
    candidate,
    manual_steps: suggestManualSteps({ diagnosis, pattern, finalError: summary.final_error }).map(mask),
  };
  return { ...entry, retry_context: retryContext(entry).map(mask) };
}
