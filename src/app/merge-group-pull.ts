import { evaluateGates } from '../core/gates/evaluate-gates.js';
import { missingApproval } from '../core/gates/gate-check-text.js';
import type { GroupPull } from '../core/gates/render-merge-group-check.js';
import type { AppEnv } from './app-env.js';
import { loopStanding } from './app-state.js';
import { gatherPr } from './gather-pr.js';
import { fetchPrFacts } from './pull-request-facts.js';

/** What one pull request of a merge group still needs, read from GitHub as its own check would read it. */
export async function groupPull(
  env: AppEnv,
  repo: { owner: string; repo: string },
  number: number,
  serverUrl: string,
): Promise<GroupPull> {
  const pr = await fetchPrFacts(env.octokit, { ...repo, number }, serverUrl);
  const gathered = await gatherPr(env, pr);
  if (!gathered.ok)
    return {
      number,
      missing: [`a valid closed-loop config: ${gathered.configError}`],
      stuck: true,
      decided: [],
    };
  const { snapshot } = gathered;
  const evaluated = evaluateGates(snapshot.required, snapshot.state.gates, {
    headSha: pr.headSha,
    gatesConfig: snapshot.config.gates,
  });
  const standing = loopStanding(snapshot.memory, snapshot.state);
  const stuck =
    standing === 'blocked'
      ? ['the loop is blocked: a person has to fix it and comment `/close-loop resume`']
      : standing === 'failed'
        ? ['the loop gave up (dead letter): a person has to fix it']
        : [];
  return {
    number,
    missing: [
      ...evaluated
        .filter((g) => g.status === 'pending')
        .map((g) => missingApproval(g, snapshot.config.gates[g.gate], pr.owner)),
      ...stuck,
    ],
    stuck: stuck.length > 0,
    decided: evaluated
      .filter((g) => g.status !== 'pending')
      .map((g) =>
        g.status === 'approved'
          ? `${g.gate}: approved by @${g.by ?? '?'}`
          : `${g.gate}: skipped by @${g.by ?? '?'} ("${g.reason ?? ''}")`,
      ),
  };
}
