import { renderHelp } from '../../core/pr-commands/render-help.js';
import { mayRunCommand } from '../../core/pr-commands/may-run-command.js';
import type { ParsedCommand } from '../../core/pr-commands/parse-commands.js';
import { evaluateGates } from '../../core/gates/evaluate-gates.js';
import { renderGateCheck } from '../../core/gates/render-gate-check.js';
import { readSenderAccess } from '../../github/read-sender-access.js';
import { rerunFailedJobs } from '../../github/rerun-failed-jobs.js';
import type { AppEnv } from '../app-env.js';
import { loopStanding, type AppState } from '../app-state.js';
import type { PrSnapshot } from '../gather-pr.js';
import { CHECK_LOOP } from '../publish-pr.js';
import type { LoopMemory } from '../../core/pull-request/loop-memory.js';
import type { Plan } from '../../core/plan/plan-schema.js';
import { runApplyCommand } from './apply-commands.js';
import { runGateCommand } from './gate-commands.js';
import { runVerify } from './verify-command.js';

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
    if (command.name === 'approve' || command.name === 'skip') {
      const outcome = await runGateCommand(env, snapshot, state, command, sender);
      state = outcome.state;
      sections.push(`${head}${outcome.lines.join('\n')}`);
      continue;
    }
    const allowed = mayRunCommand(command.name, access.permission, config);
    if (!allowed.allowed) {
      sections.push(`${head}Refused: ${allowed.why}. Who may run it: ${allowed.whoMay}.`);
      continue;
    }
    if (command.name === 'apply' || command.name === 'undo') {
      const outcome = await runApplyCommand(
        env,
        { ...snapshot, state, ...(memory !== undefined ? { memory } : {}) },
        state,
        command,
        sender,
      );
      state = outcome.state;
      if (outcome.memory !== undefined) memory = outcome.memory;
      extra.push(...(outcome.extra ?? []));
      sections.push(`${head}${outcome.text}`);
      continue;
    }
    const evaluated = evaluateGates(snapshot.required, state.gates, {
      headSha: pr.headSha,
      gatesConfig: config.gates,
    });
    const standing = loopStanding(snapshot.memory, state);
    if (command.name === 'status') {
      const loop = CHECK_LOOP[standing];
      const check = renderGateCheck({
        headSha: pr.headSha,
        checks: snapshot.checks,
        gates: evaluated,
        gatesConfig: config.gates,
        ...(loop ? { loop: { status: loop } } : {}),
        owner: pr.owner,
      });
      sections.push(
        `${head}**${check.output.title}** (loop: ${standing === 'none' ? 'no CI result yet' : standing})\n\n${check.output.summary}`,
      );
    } else if (command.name === 'verify') {
      sections.push(`${head}${await runVerify(env, snapshot, evaluated, standing)}`);
    } else if (command.name === 'retry') {
      const rerun = await rerunFailedJobs(env.octokit, {
        owner: pr.owner,
        repo: pr.repo,
        headSha: pr.headSha,
        branch: pr.headRef,
      });
      sections.push(
        `${head}${rerun.kind === 'rerun' ? `Re-running the failed jobs of [run ${rerun.runId}](${encodeURI(rerun.url)}).` : `Nothing re-run: ${rerun.why}.`}`,
      );
    } else if (command.name === 'resume') {
      if (standing !== 'blocked' || snapshot.memory === null) {
        sections.push(
          `${head}Nothing to resume: the loop is not blocked (${standing === 'none' ? 'no CI result yet' : standing}).`,
        );
      } else {
        state = {
          ...state,
          resumed: { by: sender, at: new Date().toISOString(), head_sha: snapshot.memory.head_sha },
        };
        sections.push(
          `${head}Resumed by @${sender}: \`loop:blocked\` is cleared. The loop goes on with the next CI run (push a fix, or \`/close-loop retry\`).`,
        );
      }
    }
  }
  return { state, sections, extra, ...(memory !== undefined ? { memory } : {}) };
}
