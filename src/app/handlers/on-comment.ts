import { parseCommands } from '../../core/pr-commands/parse-commands.js';
import { serverUrlOf } from '../server-url-of.js';
import { commentWrite } from '../../core/plan/comment-marker.js';
import { MAX_COMMENT_BODY } from '../../core/plan/plan-schema.js';
import { applyPlan } from '../../github/apply-plan.js';
import { maskSecrets } from '../../core/report/mask-secrets.js';
import { truncateText } from '../../core/report/truncate-text.js';
import type { AppEnv } from '../app-env.js';
import { runCommands } from '../command-handlers/run-commands.js';
import { gatherPr } from '../gather-pr.js';
import { publishConfigError } from '../publish-config-error.js';
import { publishPr } from '../publish-pr.js';
import { describeRefusal, githubRefusal } from '../github-refusal.js';
import { fetchPrFacts, where } from '../pull-request-facts.js';

interface CommentPayload {
  action: string;
  comment: {
    id: number;
    body?: string | null;
    html_url?: string;
    user?: { login: string; type?: string } | null;
  };
  issue: { number: number; pull_request?: unknown };
  sender: { login: string; type?: string };
  repository: { name: string; owner: { login: string }; html_url?: string };
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
  const key = `comment-${comment.id}`;
  if (commands.length === 0) {
    if (payload.action !== 'edited') return;
    // The commands were edited away: the reply to them, if there is one, says so rather than answering what
    // is gone.
    const target = {
      owner: payload.repository.owner.login,
      repo: payload.repository.name,
      issue_number: issue.number,
    };
    const gone = {
      ...commentWrite(
        'reply',
        `@${sender.login}, this comment no longer holds a \`/close-loop\` command; nothing was run for it.`,
        key,
      ),
      only_if_exists: true,
    };
    await applyPlan(env.octokit, target, [gone], { log: env.log.info, commentAuthor: env.botLogin });
    return;
  }
  const progress = { ran: false };
  try {
    await answerCommands(env, payload, commands, key, progress);
  } catch (error) {
    // GitHub refused what the App needed before any command ran (the pull request, the config, the
    // sender's permission): the person still gets one reply saying so. A refusal once the commands ran
    // (writing their reply) and whatever else is rethrown, for guardDelivery to log (and the queue to
    // retry what may pass); a command GitHub refused is answered by runCommands.
    const refusal = progress.ran ? null : githubRefusal(error);
    if (refusal === null) throw error;
    const target = {
      owner: payload.repository.owner.login,
      repo: payload.repository.name,
      issue_number: issue.number,
    };
    const where = `${target.owner}/${target.repo}#${target.issue_number}`;
    env.log.warn(
      `${where}: the commands of comment ${comment.id} from @${sender.login} could not be run: GitHub said no: ${refusal.line}`,
    );
    const reply = commentWrite(
      'reply',
      maskSecrets(
        `@${sender.login}\n\nYour \`/close-loop\` ${commands.length === 1 ? 'command' : 'commands'} could not be run: ${describeRefusal(refusal)}. Nothing was changed; the App's log has the details.`,
      ),
      key,
    );
    await applyPlan(env.octokit, target, [reply], { log: env.log.info, commentAuthor: env.botLogin }).catch(
      (replyError: unknown) =>
        env.log.warn(
          `${where}: the reply saying so could not be posted either: ${(replyError instanceof Error ? replyError.message : String(replyError)).split('\n')[0] ?? ''}`,
        ),
    );
  }
}

async function answerCommands(
  env: AppEnv,
  payload: CommentPayload,
  commands: ReturnType<typeof parseCommands>,
  key: string,
  progress: { ran: boolean },
): Promise<void> {
  const { comment, issue, sender } = payload;
  const pr = await fetchPrFacts(
    env.octokit,
    {
      owner: payload.repository.owner.login,
      repo: payload.repository.name,
      number: issue.number,
    },
    serverUrlOf(payload),
  );
  const gathered = await gatherPr(env, pr);
  if (!gathered.ok) {
    const reply = commentWrite(
      'reply',
      `@${sender.login}, closed-loop cannot run commands until its config is fixed:\n\n\`\`\`\n${gathered.configError}\n\`\`\``,
      key,
    );
    return publishConfigError(env, pr, gathered.configError, [reply]);
  }
  const { snapshot } = gathered;
  env.log.info(
    `${where(pr)}: ${commands.map((c) => c.name).join(', ')} from @${sender.login} (comment ${comment.id}, ${payload.action})`,
  );
  const outcome = await runCommands(env, snapshot, commands, sender.login);
  progress.ran = true;
  const body = truncateText(
    maskSecrets(`@${sender.login}\n\n${outcome.sections.join('\n\n---\n\n')}`),
    MAX_COMMENT_BODY - 200,
  );
  await publishPr(env, {
    snapshot,
    // `/close-loop resume` is what lets a pull request out of BLOCKED; any other command leaves it there.
    cause:
      outcome.state.resumed !== snapshot.state.resumed ||
      outcome.state.ci_resumed !== snapshot.state.ci_resumed
        ? 'resume'
        : 'command',
    state: outcome.state,
    memory: outcome.memory ?? snapshot.memory,
    extra: [...outcome.extra, commentWrite('reply', body, key)],
  });
}
