import type { Config } from '../config/schema.js';
import type { LoopResult } from '../loop-result.js';
import { detectWeakenedChecks } from './detect-weakened-checks.js';
import type { PatchChange } from './parse-git-patch.js';
import { linesOfHunks } from './parse-diff-lines.js';
import { weakeningPolicy, type FileChange } from './weakening-policy.js';
import { weakeningSettings } from './weakening-settings.js';
import type { Violation } from './validation-result.js';

/** Whether a test check failed in the run that made the fix (its attempts read `<check> failed`). */
function testCheckFailed(config: Config, result: Pick<LoopResult, 'history'>): boolean {
  const tests = new Set(config.checks.filter((c) => c.type === 'test').map((c) => `${c.name} failed`));
  return result.history.some((attempt) => tests.has(attempt.result));
}

/**
 * The weakened_checks gate on a fix patch the App is asked to commit (its sections as validatePatch
 * read them), under the config from the default branch: the same rules the runner applied, applied
 * again because the runner is not trusted.
 */
export function weakenedInPatch(
  changes: readonly PatchChange[],
  config: Config,
  result: Pick<LoopResult, 'history'>,
): Violation[] {
  const policy = weakeningPolicy(weakeningSettings(config.weakened_checks), {
    checks: config.checks,
    testCheckFailing: testCheckFailed(config, result),
  });
  if (policy === null) return [];
  const files = changes.map((change): FileChange => ({
    path: change.newPath ?? change.oldPath ?? '',
    status: change.kind === 'add' ? 'added' : change.kind === 'delete' ? 'deleted' : 'modified',
    ...linesOfHunks(change.patch.hunks),
  }));
  return detectWeakenedChecks(files, policy);
}
