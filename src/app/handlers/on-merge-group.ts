import { renderMergeGroupCheck } from '../../core/gates/render-merge-group-check.js';
import { serverUrlOf } from '../server-url-of.js';
import { applyPlan } from '../../github/apply-plan.js';
import { listMergeGroupPulls } from '../../github/list-merge-group-pulls.js';
import type { AppEnv } from '../app-env.js';
import { groupPull } from '../merge-group-pull.js';

interface MergeGroupPayload {
  action: string;
  merge_group: { head_sha: string; head_ref: string; base_ref: string };
  repository: { name: string; owner: { login: string }; html_url?: string };
}

/**
 * merge_group checks_requested: the `closed-loop` check on the group's head SHA, concluded at once from
 * the gates of the pull requests in the group — a repository that requires the `closed-loop` check keeps
 * its merge queue moving. A redelivery writes the same check again: nothing changes.
 */
export async function onMergeGroup(env: AppEnv, payload: MergeGroupPayload): Promise<void> {
  const repo = { owner: payload.repository.owner.login, repo: payload.repository.name };
  const group = payload.merge_group;
  const name = `${repo.owner}/${repo.repo} merge group ${group.head_sha.slice(0, 7)}`;
  if (payload.action !== 'checks_requested') return env.log.info(`${name}: ${payload.action}; nothing to do`);
  const found = await listMergeGroupPulls(env.octokit, {
    ...repo,
    headRef: group.head_ref,
    baseRef: group.base_ref,
    headSha: group.head_sha,
  });
  const pulls = [];
  for (const number of found.numbers) pulls.push(await groupPull(env, repo, number, serverUrlOf(payload)));
  const check = renderMergeGroupCheck({
    headSha: group.head_sha,
    pulls,
    ...(found.why ? { unknown: found.why } : {}),
  });
  env.log.info(
    `${name}: ${pulls.map((p) => `#${p.number}`).join(', ') || 'no pull request'}: closed-loop ${check.conclusion ?? check.status}`,
  );
  await applyPlan(env.octokit, { ...repo, issue_number: found.numbers[0] ?? 0 }, [check], {
    log: env.log.info,
    commentAuthor: env.botLogin,
  });
}
