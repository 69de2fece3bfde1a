/**
 * Verification against acceptance criteria: the engine behind `/close-loop verify` and the check's output.
 */
export { findTaskSpecPath } from './find-task-spec-path.js';
export { extractCriteria, MAX_CRITERIA, MAX_CRITERION_CHARS, type Criterion } from './extract-criteria.js';
export { referencedPaths, MAX_REFERENCED_PATHS } from './referenced-paths.js';
export { verifyPullRequest } from './verify-pull-request.js';
export { renderVerificationReport, MAX_REPORT_CHARS } from './render-verification-report.js';
export type { CheckFact, GateFact, VerifyFacts } from './verify-facts.js';
export type {
  CheckSummary,
  CriterionStatus,
  JudgedCriterion,
  Verdict,
  VerificationReport,
  VerifyError,
  VerifyErrorCode,
} from './verification-report.js';
