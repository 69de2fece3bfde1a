import type { Config } from '../../core/config/schema.js';
import { validateChange } from '../../core/validate/validate-change.js';
import { validationPolicy } from '../../core/validate/validation-policy.js';
import type { ValidationResult } from '../../core/validate/validation-result.js';
import type { Strategy } from '../../core/vocabulary.js';
import type { Snapshot } from '../git/snapshot.js';
import { gatherChange } from './gather-change.js';

/**
 * The seed's VALIDATE on the working tree: what changed since `snapshot` (the fix's change, the user's
 * earlier uncommitted work excluded) judged by the pre-execution gates, with the time it took.
 * The config has no validation section yet: the policy is the defaults for `strategy`.
 */
export async function validateWorkingChange(
  cwd: string, snapshot: Snapshot, strategy: Strategy, _config?: Config,
): Promise<ValidationResult & { duration_ms: number }> {
  const started = performance.now();
  const policy = validationPolicy(strategy);
  const change = await gatherChange(cwd, snapshot, strategy, policy.maxFileBytes);
  return { ...validateChange(change, policy), duration_ms: Math.round(performance.now() - started) };
}
