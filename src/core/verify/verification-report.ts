import type { Criterion } from './extract-criteria.js';
import type { CheckFact, GateFact } from './verify-facts.js';

export type CriterionStatus = 'pass' | 'fail' | 'partial';
export type Verdict = 'complete' | 'returned' | 'blocked';

/** A criterion with its judgment; `missing` says what would make it pass (null when it passes). */
export interface JudgedCriterion extends Criterion {
  status: CriterionStatus;
  evidence: string[];
  missing: string | null;
}

type VerifyErrorCode =
  'TaskSpecMissingCriteria' | 'TaskNotFound' | 'ArtifactMissing' | 'ArtifactEmpty' | 'AutomatedCheckFailed';

export interface VerifyError {
  code: VerifyErrorCode;
  message: string;
  resolution: string;
}

/** The check runs on the head, sorted by name; `skipped` holds skipped and neutral ones. */
export interface CheckSummary {
  passed: string[];
  failed: string[];
  pending: string[];
  skipped: string[];
  /** True when no check run (other than this report's own) was reported on the head. */
  none: boolean;
  runs: CheckFact[];
}

export interface VerificationReport {
  verdict: Verdict;
  criteria: JudgedCriterion[];
  checks: CheckSummary;
  errors: VerifyError[];
  headSha: string;
  /** Why the verdict is `blocked`, one sentence each (empty otherwise). */
  blockers: string[];
  /** What the producer must do for a `complete` verdict, in order (empty when complete). */
  todo: string[];
  gates: GateFact[];
  taskSpecPath: string | null;
  /** Facts worth a line that change no verdict (e.g. the spec has no criteria but the PR body has). */
  notes: string[];
}
