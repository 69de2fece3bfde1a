import { parseCommands } from '../../core/commands/parse-commands.js';
import { commentWrite } from '../../core/plan/comment-marker.js';
import { MAX_COMMENT_BODY } from '../../core/plan/plan-schema.js';
import { maskSecrets } from '../../core/report/mask-secrets.js';
import { truncateText } from '../../core/report/truncate-text.js';
import type { AppEnv } from '../app-env.js';
import { runCommands } from '../commands/run-commands.js';
import { gatherPr } from '../gather-pr.js';
import { publishConfigError, publishPr } from '../publish-pr.js';
import { fetchPrFacts } from '../pull-request-facts.js';

interface CommentPayload {
  action: string;
  comment: { id: number; body?: string | null; html_url?: string; user?: { login: string; type?: string } | null };
  issue: { number: number; pull_request?: unknown };
  sender: { login: string; type?: string };
  repository: { name: string; owner: { login: string } };
}

/**
 * issue_comment created / edited on a pull request: runs its `/close-loop` commands and answers with
 * one reply per comment, keyed by the comment's id, so an edited comment edits its reply. Comments by
 * bots (the App's own replies among them) are never read: no loop.
 */
export async function onComment(env: AppEnv, payload: CommentPayload): Promise<void> {
  const { comment, issue, sender } = payload;
  if (issue.pull_request === undefined || issue.pull_request === null) return;
  if (sender.type === 'Bot' || sender.login === env.botLogin || sender.login.endsWith('[bot]')) return;
  const commands = parseCommands(comment.body ?? '');
  if (commands.length === 0) return;
  const pr = await fetchPrFacts(env.octokit, { owner: payload.repository.owner.login, repo: payload.repository.name, number: issue.number });
  const key = `comment-${comment.id}`;
  const gathered = await gatherPr(env, pr);
  if (!gathered.ok) {
    const reply = commentWrite('reply', `@${sender.login}, closed-loop cannot run commands until its config is fixed:\n\n\`\`\`\n${gathered.configError}\n\`\`\``, key);
    return publishConfigError(env, pr, gathered.configError, [reply]);
  }
  const { snapshot } = gathered;
  env.log.info(`${pr.owner}/${pr.repo}#${pr.number}: ${commands.map((c) => c.name).join(', ')} from @${sender.login} (comment ${comment.id}, ${payload.action})`);
  const outcome = await runCommands(env, snapshot, commands, sender.login);
  const body = truncateText(maskSecrets(`@${sender.login}\n\n${outcome.sections.join('\n\n---\n\n')}`), MAX_COMMENT_BODY - 200);
  await publishPr(env, { snapshot, state: outcome.state, memory: snapshot.memory, extra: [commentWrite('reply', body, key)] });
}
