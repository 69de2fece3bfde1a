import { isConfiguredCommand } from '../../core/pr-commands/command-table.js';
import { renderHelp } from '../../core/pr-commands/render-help.js';
import { mayRunCommand } from '../../core/pr-commands/may-run-command.js';
import type { ParsedCommand } from '../../core/pr-commands/parse-commands.js';
import type { Plan } from '../../core/plan/plan-schema.js';
import type { LoopMemory } from '../../core/pull-request/loop-memory.js';
import { readSenderAccess } from '../../github/read-sender-access.js';
import type { AppEnv } from '../app-env.js';
import type { AppState } from '../app-state.js';
import type { PrSnapshot } from '../gather-pr.js';
import { describeRefusal, githubRefusal } from '../github-refusal.js';
import { COMMAND_HANDLERS } from './command-handlers.js';

/** The commands that still answer once a pull request is merged or closed: they change nothing. */
const AFTER_THE_END: ReadonlySet<string> = new Set(['status', 'verify', 'help']);

export interface CommandsOutcome {
  state: AppState;
  sections: string[];
  /** The loop's memory when a command changed it (`/close-loop apply` committed a fix). */
  memory?: LoopMemory | null;
  /** More writes the commands made necessary (the fix notice of an applied fix). */
  extra: Plan;
}

/**
 * Runs a comment's commands in order, each checked against its own permission, and returns the new
 * App state and one reply section per command. The state each command sees includes the ones before it.
 */
export async function runCommands(
  env: AppEnv,
  snapshot: PrSnapshot,
  commands: readonly ParsedCommand[],
  sender: string,
): Promise<CommandsOutcome> {
  const { pr, config } = snapshot;
  let state = snapshot.state;
  let memory: LoopMemory | null | undefined;
  const extra: Plan = [];
  const sections: string[] = [];
  const access = await readSenderAccess(env.octokit, {
    owner: pr.owner,
    repo: pr.repo,
    username: sender,
    teams: [],
  });
  const mayHelp = mayRunCommand('help', access.permission, config).allowed;
  let stopped = false;
  for (const command of commands) {
    const head = `> ${command.raw.replace(/\n/g, ' ')}\n\n`;
    // An unknown command always carries its error (parseCommands): answered with the error and the list
    // when the sender may run help (the config's `commands.help`); a refused help gets the refusal below.
    if ((command.name === 'unknown' || command.name === 'help') && mayHelp) {
      sections.push(
        `${head}${command.error !== undefined ? `${command.error}.\n\n` : ''}${renderHelp(config, pr.owner)}`,
      );
      continue;
    }
    if (command.error !== undefined || command.name === 'unknown') {
      sections.push(
        `${head}${command.error ?? 'unknown command'}\n\nComment \`/close-loop help\` for the commands.`,
      );
      continue;
    }
    // A pull request whose life is over answers questions, and changes nothing.
    if ((pr.state !== 'open' || pr.merged) && !AFTER_THE_END.has(command.name)) {
      sections.push(
        `${head}Refused: this pull request is ${pr.merged ? 'merged' : 'closed'}, and the loop's work on it has ended.`,
      );
      continue;
    }
    // approve and skip are decided per gate by their handler, against the gate's approvers.
    if (isConfiguredCommand(command.name)) {
      const allowed = mayRunCommand(command.name, access.permission, config);
      if (!allowed.allowed) {
        sections.push(`${head}Refused: ${allowed.why}. Who may run it: ${allowed.whoMay}.`);
        continue;
      }
    }
    if (stopped) {
      sections.push(`${head}Not run: the command before it could not be done.`);
      continue;
    }
    const current = { ...snapshot, state, ...(memory !== undefined ? { memory } : {}) };
    let reply: Awaited<ReturnType<(typeof COMMAND_HANDLERS)[typeof command.name]>>;
    try {
      reply = await COMMAND_HANDLERS[command.name]({ env, snapshot: current, command, sender });
    } catch (error) {
      // GitHub refused something the command needed (a 404, a missing permission): the person who asked
      // gets the answer on the pull request, not only the operator in the log. Passing failures (5xx, rate
      // limits) are rethrown for the queue to try the delivery again.
      const refusal = githubRefusal(error);
      if (refusal === null) throw error;
      env.log.warn(
        `${pr.owner}/${pr.repo}#${pr.number}: /close-loop ${command.name} from @${sender} could not be done: GitHub said no: ${refusal.line}; answered on the pull request`,
      );
      sections.push(
        `${head}Could not be done: ${describeRefusal(refusal)}. Nothing was changed by this command; the App's log has the details.`,
      );
      stopped = true;
      continue;
    }
    if (reply.state !== undefined) state = reply.state;
    if (reply.memory !== undefined) memory = reply.memory;
    extra.push(...(reply.extra ?? []));
    sections.push(`${head}${reply.text}`);
  }
  return { state, sections, extra, ...(memory !== undefined ? { memory } : {}) };
}
