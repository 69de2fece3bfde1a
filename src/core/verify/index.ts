/**
 * Verification against acceptance criteria: the engine behind `/close-loop verify` and the check's output.
 */
export { findTaskSpecPath } from './find-task-spec-path.js';
export { extractCriteria } from './extract-criteria.js';
export { referencedPaths } from './referenced-paths.js';
export { verifyPullRequest } from './verify-pull-request.js';
export { renderVerificationReport } from './render-verification-report.js';
export type { VerifyFacts } from './verify-facts.js';
export type { VerificationReport } from './verification-report.js';
