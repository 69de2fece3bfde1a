import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { summarizeExecution } from '../../core/loop/aggregate-metrics.js';
import { mergeSummaries } from '../../core/loop/merge-summaries.js';
import { elapsedMs } from '../../core/loop/log-lines-for.js';
import type { LoopState } from '../../core/loop/loop-state.js';
import type { RunTotals } from '../../core/loop/run-totals.js';
import { archiveReports, loadState, type StoredState } from '../../runner/loop-driver/artifacts.js';
import { displayPath } from '../../runner/state-dir.js';
import { stateDirFlag } from '../state-dir-flag.js';
import { EXIT, UsageError, type Io } from '../io.js';
import { parseFlags } from '../parse-flags.js';
import { runCommand } from './run.js';
import { runProcess } from './status.js';

const RESUME_HELP = `Usage: closed-loop resume [run options]

Continues a task the loop escalated or dead-lettered, after a person fixed what it could not, or one
that was interrupted (Ctrl-C) or killed (kill -9, a crash; an unfinished fix is undone first, putting the
tree back as it was): the checks run again under the same task id, with a fresh retry budget. The earlier reports are kept in
the state folder as <name>-<task>.before-resume-<time>.md. Takes the same options as closed-loop run
(but not --task: it resumes the last task).
`;

export async function resumeCommand(args: string[], io: Io): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout.write(RESUME_HELP);
    return EXIT.ok;
  }
  const { values } = parseFlags(
    () =>
      parseArgs({
        args,
        strict: false,
        options: { cwd: { type: 'string' }, task: { type: 'string' }, 'state-dir': { type: 'string' } },
      }),
    'resume',
  );
  if (values.task !== undefined)
    throw new UsageError(
      'resume: --task is not an option here: resume continues the last task (use closed-loop run --task ID for another)',
    );
  const stored = await loadState(
    resolve(io.cwd, typeof values.cwd === 'string' ? values.cwd : '.'),
    stateDirFlag(io.cwd, typeof values['state-dir'] === 'string' ? values['state-dir'] : undefined),
  );
  const interrupted = stored.loop.status === 'running' && stored.run.interrupted_at !== undefined;
  const proc = await runProcess(stored);
  if (stored.loop.status === 'success')
    throw new UsageError(
      `resume: task ${stored.loop.task.id} is already done; use closed-loop run to start a new one`,
    );
  if (proc?.alive)
    throw new UsageError(
      `resume: task ${stored.loop.task.id} is still running (pid ${proc.pid}); wait for it, or stop it (kill ${proc.pid}) and resume`,
    );
  const kept = await archiveReports(
    stored.stateDir,
    stored.loop.task.id,
    new Date().toISOString().replace(/[:.]/g, '-'),
  );
  if (kept.length > 0)
    io.stderr.write(
      `closed-loop: earlier reports kept as ${kept.map((f) => displayPath(stored.run.cwd, f)).join(', ')}\n`,
    );
  const how = interrupted
    ? `was interrupted at ${stored.run.interrupted_at}`
    : proc !== null
      ? `was killed${proc.pid === null ? '' : ` (pid ${proc.pid})`} at ${stored.run.updated_at}`
      : stored.loop.status === 'escalated'
        ? `was escalated: ${stored.loop.escalation_reason ?? ''}`
        : `ended as a dead letter: ${stored.loop.dead_letter?.reason ?? ''}`;
  io.stderr.write(`closed-loop: resuming task ${stored.loop.task.id} (it ${how})\n`);
  // The same run goes on: its start, its fix commits and what its parts so far did stay in its record.
  const part = summarizeExecution(stored.loop);
  const earlier = stored.run.resumed;
  return runCommand(args, io, stored.loop.task.id, {
    startedAt: earlier?.started_at ?? stored.loop.started_at,
    startSha: stored.run.start_sha,
    before: stored.run.totals ?? totalsOf(stored.loop, stored.run),
    earlier: earlier ? mergeSummaries(earlier.earlier, part) : part,
  });
}

/** What a state written before the run's totals were kept says of them (its fix commits are not known). */
function totalsOf(loop: LoopState, run: StoredState['run']): RunTotals {
  return {
    attempts: loop.attempts.length,
    duration_ms: elapsedMs(loop.started_at, loop.finished_at ?? run.interrupted_at ?? run.updated_at),
    fix_commits: [],
    strategies: loop.attempts.flatMap((a) => (a.strategy_used ? [a.strategy_used] : [])),
    files_modified: [],
    agent: { runs: 0, duration_ms: 0 },
  };
}
