import type { Plan } from '../core/plan/plan-schema.js';
import { applyPlan } from '../github/apply-plan.js';
import { GATE_CHECK_NAME, type AppEnv } from './app-env.js';
import { target } from './publish-pr.js';
import { where, type PrFacts } from './pull-request-facts.js';

/** An invalid config fails the check with the located message; nothing else on the PR changes. */
export async function publishConfigError(
  env: AppEnv,
  pr: PrFacts,
  message: string,
  extra: Plan = [],
): Promise<void> {
  env.log.warn(`${where(pr)}: ${message}`);
  const plan: Plan = [
    {
      kind: 'check_run',
      name: GATE_CHECK_NAME,
      head_sha: pr.headSha,
      status: 'completed',
      conclusion: 'failure',
      output: {
        title: 'Invalid closed-loop config',
        summary: `closed-loop could not read its configuration from the default branch (\`${pr.defaultBranch}\`):\n\n\`\`\`\n${message.slice(0, 2000)}\n\`\`\`\n\nFix the file on the default branch; a pull request cannot change the config its own gates are checked with.`,
      },
    },
    ...extra,
  ];
  await applyPlan(env.octokit, target(pr), plan, { log: env.log.info, commentAuthor: env.botLogin });
}
