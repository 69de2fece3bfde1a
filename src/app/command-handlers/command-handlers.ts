import type { CommandName } from '../../core/pr-commands/command-table.js';
import type { ParsedCommand } from '../../core/pr-commands/parse-commands.js';
import { renderHelp } from '../../core/pr-commands/render-help.js';
import { evaluateGates } from '../../core/gates/evaluate-gates.js';
import { renderGateCheck } from '../../core/gates/render-gate-check.js';
import type { Plan } from '../../core/plan/plan-schema.js';
import type { LoopMemory } from '../../core/pull-request/loop-memory.js';
import { renderCiRun } from '../../core/pull-request/render-red-run.js';
import { rerunFailedJobs } from '../../github/rerun-failed-jobs.js';
import type { AppEnv } from '../app-env.js';
import { ciStanding, latestRun, loopStanding, type AppState } from '../app-state.js';
import type { PrSnapshot } from '../gather-pr.js';
import { CHECK_LOOP } from '../publish-pr.js';
import { runApplyCommand } from './apply-commands.js';
import { runGateCommand } from './gate-commands.js';
import { runFixCommand } from './fix-command.js';
import { runVerify } from './verify-command.js';

/** One command to run: the PR as the commands before it in the same comment left it. */
interface CommandCall {
  env: AppEnv;
  snapshot: PrSnapshot;
  command: ParsedCommand;
  sender: string;
}

/** The reply's text, and what the command changed. */
interface CommandReply {
  text: string;
  state?: AppState;
  /** The loop's memory when the command changed it (`/close-loop apply` committed a fix). */
  memory?: LoopMemory | null;
  /** More writes the command made necessary (the fix notice of an applied fix). */
  extra?: Plan;
}

type CommandHandler = (call: CommandCall) => Promise<CommandReply>;

const evaluated = ({ snapshot }: CommandCall) =>
  evaluateGates(snapshot.required, snapshot.state.gates, {
    headSha: snapshot.pr.headSha,
    gatesConfig: snapshot.config.gates,
  });

/**
 * The loop's standing in words: the Action's loop first when it is stuck, else the head's newest red run the
 * App diagnosed itself (a deep failure blocks until `/close-loop resume`).
 */
function describeStanding(snapshot: PrSnapshot): string {
  const standing = loopStanding(snapshot.memory, snapshot.state);
  const latest = latestRun(snapshot.ci, snapshot.pr.headSha);
  if (standing === 'blocked' || standing === 'failed' || latest === undefined)
    return standing === 'none' ? 'no CI result yet' : standing;
  const run = `red run ${latest.run} (attempt ${latest.attempt})`;
  const resumed = snapshot.state.ci_resumed;
  switch (ciStanding(latest, snapshot.state)) {
    case 'blocked':
      return `blocked by ${run}: ${renderCiRun(latest).title}; a person fixes it, then comments \`/close-loop resume\``;
    case 'resumed':
      return `resumed by @${resumed?.by ?? '?'} after ${run}: ${renderCiRun(latest, { resumedBy: resumed?.by }).title}`;
    default:
      return `${run}: ${renderCiRun(latest).title}`;
  }
}

const status: CommandHandler = async (call) => {
  const { snapshot } = call;
  const standing = loopStanding(snapshot.memory, snapshot.state);
  const loop = CHECK_LOOP[standing];
  const check = renderGateCheck({
    headSha: snapshot.pr.headSha,
    checks: snapshot.checks,
    gates: evaluated(call),
    gatesConfig: snapshot.config.gates,
    ...(loop ? { loop: { status: loop } } : {}),
    owner: snapshot.pr.owner,
  });
  return {
    text: `**${check.output.title}** (loop: ${describeStanding(snapshot)})\n\n${check.output.summary}`,
  };
};

const verify: CommandHandler = async (call) => {
  const { checks } = call.snapshot;
  // Made on a green head, it counts as that head's verification: none is posted on its own after it.
  const green =
    checks.length > 0 && checks.every((c) => ['success', 'neutral', 'skipped'].includes(c.conclusion ?? ''));
  const verified = await runVerify(
    call.env,
    call.snapshot,
    evaluated(call),
    loopStanding(call.snapshot.memory, call.snapshot.state),
    { green },
  );
  return { text: verified.text, state: { ...call.snapshot.state, verification: verified.memory } };
};

const retry: CommandHandler = async ({ env, snapshot: { pr } }) => {
  const rerun = await rerunFailedJobs(env.octokit, {
    owner: pr.owner,
    repo: pr.repo,
    headSha: pr.headSha,
    branch: pr.headRef,
  });
  return {
    text:
      rerun.kind === 'rerun'
        ? `Re-running the failed jobs of [run ${rerun.runId}](${encodeURI(rerun.url)}).`
        : `Nothing re-run: ${rerun.why}.`,
  };
};

/**
 * Clears what blocks the loop: the Action's loop that escalated (for the head it evaluated), and the App's
 * own block of a red run that failed deeply (for that run attempt); both, when both block.
 */
const resume: CommandHandler = async ({ snapshot, sender }) => {
  const { memory, state, pr } = snapshot;
  const loopBlocked = memory !== null && loopStanding(memory, state) === 'blocked';
  const latest = latestRun(snapshot.ci, pr.headSha);
  const ciBlocked = latest !== undefined && ciStanding(latest, state) === 'blocked';
  if (!loopBlocked && !ciBlocked) {
    return { text: `Nothing to resume: the loop is not blocked (${describeStanding(snapshot)}).` };
  }
  const at = new Date().toISOString();
  return {
    state: {
      ...state,
      ...(loopBlocked ? { resumed: { by: sender, at, head_sha: memory.head_sha } } : {}),
      ...(ciBlocked
        ? {
            ci_resumed: { by: sender, at, head_sha: pr.headSha, run: latest.run, attempt: latest.attempt },
          }
        : {}),
    },
    text: `Resumed by @${sender}: \`loop:blocked\` is cleared. The loop goes on with the next CI run (push a fix, or \`/close-loop retry\`).`,
  };
};

const applyOrUndo: CommandHandler = ({ env, snapshot, command, sender }) =>
  runApplyCommand(env, snapshot, snapshot.state, command, sender);

const gate: CommandHandler = async ({ env, snapshot, command, sender }) => {
  const outcome = await runGateCommand(env, snapshot, snapshot.state, command, sender);
  return { state: outcome.state, text: outcome.lines.join('\n') };
};

const help: CommandHandler = async ({ snapshot }) => ({
  text: renderHelp(snapshot.config, snapshot.pr.owner),
});

/**
 * What each command does on a pull request. A `Record` over the command table's names: a command added
 * to the table without a handler here does not compile.
 */
export const COMMAND_HANDLERS: Readonly<Record<CommandName, CommandHandler>> = {
  status,
  verify,
  retry,
  fix: ({ env, snapshot, command, sender }) => runFixCommand(env, snapshot, command.args[0] ?? '', sender),
  resume,
  apply: applyOrUndo,
  undo: applyOrUndo,
  approve: gate,
  skip: gate,
  help,
};
