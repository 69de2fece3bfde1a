import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadState } from '../../runner/loop/artifacts.js';
import { renderStatus } from '../../core/report/render-status.js';
import { EXIT, type Io } from '../io.js';
import { parseFlags } from '../parse-flags.js';

export const STATUS_HELP = `Usage: closed-loop status [--cwd DIR] [--json]

Shows the loop state of the last run in .closed-loop/: its phase and status, each attempt's pattern and
strategy, the budget left, and where the reports are.
`;

export async function statusCommand(args: string[], io: Io): Promise<number> {
  const { values } = parseFlags(() => parseArgs({ args, options: { cwd: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } }), 'status');
  if (values.help) {
    io.stdout.write(STATUS_HELP);
    return EXIT.ok;
  }
  const stored = await loadState(resolve(io.cwd, values.cwd ?? '.'));
  io.stdout.write(values.json ? `${JSON.stringify(stored.loop)}\n` : renderStatus(stored.loop, stored.run.fix_commits));
  return EXIT.ok;
}
