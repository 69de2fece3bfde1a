import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadState } from '../../runner/loop-driver/artifacts.js';
import { displayPath } from '../../runner/state-dir.js';
import { stateDirFlag } from '../state-dir-flag.js';
import { renderStatus } from '../../core/report/render-status.js';
import { EXIT, type Io } from '../io.js';
import { parseFlags } from '../parse-flags.js';

export const STATUS_HELP = `Usage: closed-loop status [--cwd DIR] [--state-dir DIR] [--json]

Shows the loop state of the last run (kept in .git/closed-loop/, or the --state-dir / state_dir it ran
with): its phase and status, each attempt's pattern and strategy, the budget left, and where the reports are.
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
  io.stdout.write(
    values.json
      ? `${JSON.stringify(interruptedAt === null ? stored.loop : { ...stored.loop, interrupted_at: interruptedAt })}\n`
      : renderStatus(
          stored.loop,
          stored.run.fix_commits,
          displayPath(stored.run.cwd, stored.stateDir),
          interruptedAt,
        ),
  );
  return EXIT.ok;
}
