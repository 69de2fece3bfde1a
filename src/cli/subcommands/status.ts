import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadState, type StoredState } from '../../runner/loop-driver/artifacts.js';
import { readRunHolder } from '../../runner/loop-driver/run-lock.js';
import { displayPath } from '../../runner/state-dir.js';
import { stateDirFlag } from '../state-dir-flag.js';
import { renderStatus } from '../../core/report/render-status.js';
import { EXIT, type Io } from '../io.js';
import { writeJson } from '../write-json.js';
import { parseFlags } from '../parse-flags.js';

const STATUS_HELP = `Usage: closed-loop status [--cwd DIR] [--state-dir DIR] [--json]

Shows the loop state of the last run (kept in .git/closed-loop/, or the --state-dir / state_dir it ran
with): its phase and status, each attempt's pattern and strategy, the budget left, and where the reports are.
A run still going shows its pid; one that was killed (kill -9, a crash) says so, and closed-loop resume
puts the tree back and continues it. With --json, such a state has "process": {"pid", "alive"}.
`;

const STATUS_OPTIONS = {
  cwd: { type: 'string' },
  'state-dir': { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

export async function statusCommand(args: string[], io: Io): Promise<number> {
  const { values } = parseFlags(
    () =>
      parseArgs({
        args,
        options: STATUS_OPTIONS,
      }),
    'status',
    STATUS_OPTIONS,
    args,
  );
  if (values.help) {
    io.stdout.write(STATUS_HELP);
    return EXIT.ok;
  }
  const stored = await loadState(
    resolve(io.cwd, values.cwd ?? '.'),
    stateDirFlag(io.cwd, values['state-dir']),
  );
  const interruptedAt = stored.run.interrupted_at ?? null;
  const proc = await runProcess(stored);
  if (values.json)
    writeJson(io.stdout, {
      ...stored.loop,
      ...(interruptedAt === null ? {} : { interrupted_at: interruptedAt }),
      ...(proc === null ? {} : { process: proc }),
    });
  else
    io.stdout.write(
      renderStatus(
        stored.loop,
        stored.run.fix_commits,
        displayPath(stored.run.cwd, stored.stateDir),
        interruptedAt,
        proc,
        stored.run.resumed
          ? {
              startedAt: stored.run.resumed.started_at,
              attempts: stored.run.resumed.earlier.metrics.total_attempts,
            }
          : null,
      ),
    );
  return EXIT.ok;
}

/**
 * For a state that still says `running`: the run's process (from its lock: pid and kernel start time) and
 * whether it is alive. No lock, or a lock whose process is gone, means the run was killed.
 */
export async function runProcess(
  stored: StoredState & { stateDir: string },
): Promise<{ pid: number | null; alive: boolean } | null> {
  if (stored.loop.status !== 'running' || stored.run.interrupted_at !== undefined) return null;
  const holder = await readRunHolder(stored.stateDir);
  return { pid: holder?.pid ?? null, alive: holder?.alive ?? false };
}
