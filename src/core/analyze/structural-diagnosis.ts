import type { Diagnosis, Location } from '../diagnosis.js';
import { DEFAULT_STRATEGY } from '../vocabulary.js';
import { errorSignature } from './signature.js';
import type { StructuralFailure } from './failure-tracker.js';

/**
 * Confidence of a diagnosis taken from the log's structure alone (a failing step, a build tool's summary).
 */
export const STRUCTURAL_CONFIDENCE = 0.2;

/**
 * The diagnosis when no pattern names the cause: what failed, from the log's structure (`failure`), or
 * nothing known (`unknown`). `headline`: the line the signature hashes when the structure has none.
 */
export function structuralDiagnosis(
  failure: StructuralFailure | null,
  locations: Location[],
  primary: Location | undefined,
  headline: string,
  alternatives: Diagnosis['alternatives'],
): Diagnosis {
  return {
    pattern: null,
    category: failure?.category ?? 'unknown',
    confidence: failure ? STRUCTURAL_CONFIDENCE : 0,
    strategy: DEFAULT_STRATEGY,
    retryable: true,
    locations,
    signature: errorSignature(null, primary, failure ? lastErrorLine(failure.evidence.text) : headline),
    evidence: failure?.evidence ?? null,
    alternatives,
  };
}

/** The line of a failure excerpt that says most about it, for the signature. */
function lastErrorLine(text: string): string {
  // The CI's own "exit code 1" is the same for every failure: the tool's words tell them apart.
  const lines = text
    .split('\n')
    .filter(
      (l) =>
        l.trim() !== '' &&
        !/exit(?:ed with)? (?:code|status) '?\d|exited with \d|Job failed|^Finished: FAILURE/.test(l),
    );
  return lines.find((l) => /error|fail|fatal|exception/i.test(l)) ?? lines.at(-1) ?? text;
}
