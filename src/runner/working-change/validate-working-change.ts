import type { Config } from '../../core/config/schema.js';
import { validateChange } from '../../core/validate/validate-change.js';
import { validationPolicy } from '../../core/validate/validation-policy.js';
import { weakeningPolicy } from '../../core/validate/weakening-policy.js';
import { weakeningSettings } from '../../core/validate/weakening-settings.js';
import type { ValidationResult } from '../../core/validate/validation-result.js';
import type { Strategy } from '../../core/vocabulary.js';
import type { Snapshot } from '../git/snapshot.js';
import { gatherChange } from './gather-change.js';

/**
 * The seed's VALIDATE on the working tree: what changed since `snapshot` (the fix's change, the user's
 * earlier uncommitted work excluded) judged by the pre-execution gates, with the time it took.
 * The policy is the defaults for `strategy`, with the config's weakened_checks gate; `testCheckFailing`
 * (the failure being fixed came from a test check) freezes tests' expected values.
 */
export async function validateWorkingChange(
  cwd: string,
  snapshot: Snapshot,
  strategy: Strategy,
  config?: Config,
  testCheckFailing = false,
): Promise<ValidationResult & { duration_ms: number }> {
  const started = performance.now();
  const weakening = config
    ? weakeningPolicy(weakeningSettings(config.weakened_checks), { checks: config.checks, testCheckFailing })
    : null;
  const policy = validationPolicy(strategy, { weakening });
  const change = await gatherChange(cwd, snapshot, strategy, policy.maxFileBytes);
  return { ...validateChange(change, policy), duration_ms: Math.round(performance.now() - started) };
}
