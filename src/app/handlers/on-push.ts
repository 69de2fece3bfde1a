import { fixFateEvent } from '../../core/outcomes/outcome-events-for.js';
import type { AppEnv } from '../app-env.js';

interface PushPayload {
  ref: string;
  commits?: { id: string; message: string; timestamp: string }[];
  repository: { full_name: string };
}

const REVERTS = /This reverts commit ([0-9a-f]{40})/g;

/**
 * push: a person's revert of one of the loop's fix commits (git revert's "This reverts commit <sha>"), on
 * the pull request's branch or, after the merge, on the default branch (a revert of the pull request's
 * merge commit counts for its fixes). Recorded in the outcome history; nothing is written to GitHub.
 * `/close-loop undo`'s own revert is recorded by the command.
 */
export async function onPush(env: AppEnv, payload: PushPayload): Promise<void> {
  const repo = payload.repository.full_name;
  const reverts = (payload.commits ?? [])
    .filter((c) => !c.message.includes('(/close-loop undo)'))
    .flatMap((c) => [...c.message.matchAll(REVERTS)].map((m) => ({ sha: m[1]!, commit: c })));
  if (reverts.length === 0)
    return env.log.info(`${repo} ${payload.ref}: push without a revert; nothing to record`);
  const known = new Set(await env.outcomes.knownShas(repo, [...new Set(reverts.map((r) => r.sha))]));
  const ours = reverts.filter((r) => known.has(r.sha));
  env.log.info(
    `${repo} ${payload.ref}: ${reverts.length} revert(s), ${ours.length} of the loop's fix or merge commits${ours.map((r) => ` ${r.sha.slice(0, 7)}`).join(',')}`,
  );
  await env.outcomes.record(
    ours.map((r) =>
      fixFateEvent(
        { installation: env.installation, repo, pr: null },
        { outcome: 'reverted', sha: r.sha, by: r.commit.id, at: new Date(r.commit.timestamp).toISOString() },
      ),
    ),
  );
}
