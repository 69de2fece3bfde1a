import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { aggregateMetrics } from '../../core/loop/aggregate-metrics.js';
import { renderStats } from '../../core/report/render-stats.js';
import { loadConfig } from '../../runner/load-config.js';
import { OUTCOMES_FILE, readRunOutcomes } from '../../runner/loop-driver/run-outcomes.js';
import { openRepo } from '../../runner/loop-driver/open-repo.js';
import { displayPath, resolveStateDir } from '../../runner/state-dir.js';
import { EXIT, type Io } from '../io.js';
import { parseFlags } from '../parse-flags.js';
import { stateDirFlag } from '../state-dir-flag.js';

const STATS_HELP = `Usage: closed-loop stats [--cwd DIR] [--state-dir DIR] [--json]

The seed's aggregate metrics over every finished run of closed-loop run in this repository (each run
appends its outcome to <state folder>/${OUTCOMES_FILE}): success_rate_by_pattern, fix_attempts_by_pattern,
avg_attempts_by_pattern, escalation_rate, dead_letter_rate, pre_validation_catch_rate,
most_common_pre_validation_catches.

success_rate_by_pattern judges each fix the loop tried on a pattern's failure: it worked when that
failure did not come back on the next evaluation, whatever the run did afterwards (a run that then
escalated on another failure still counts the fix that worked). A fix refused by validation, rolled back
or that could not be applied did not work. The rate is of fix_attempts_by_pattern; a pattern no fix was
tried on (it escalated at once, or --no-fix) has none: "–", null with --json. avg_attempts_by_pattern is
the mean attempts of the runs that met the pattern.

  --cwd DIR         the repository (default: the current directory)
  --state-dir DIR   the state folder the runs used (default: state_dir in the config, else .git/closed-loop/)
  --json            the figures as one JSON object, under the seed's names, with runs (how many)
`;

export async function statsCommand(args: string[], io: Io): Promise<number> {
  const { values } = parseFlags(
    () =>
      parseArgs({
        args,
        options: {
          cwd: { type: 'string' },
          'state-dir': { type: 'string' },
          json: { type: 'boolean' },
          help: { type: 'boolean', short: 'h' },
        },
      }),
    'stats',
  );
  if (values.help) {
    io.stdout.write(STATS_HELP);
    return EXIT.ok;
  }
  const dir = resolve(io.cwd, values.cwd ?? '.');
  // Outside a repository no run can have been: refused as `run` refuses it, not "no run yet".
  const cwd = await openRepo({ cwd: dir });
  const named =
    stateDirFlag(io.cwd, values['state-dir']) ??
    (await loadConfig({ cwd }).catch(() => null))?.config.state_dir;
  const stateDir = await resolveStateDir(cwd, named).catch(() => resolve(cwd, named ?? '.git/closed-loop'));
  const { outcomes, unreadable } = await readRunOutcomes(stateDir);
  if (unreadable > 0)
    io.stderr.write(
      `closed-loop stats: ${unreadable} line(s) of ${displayPath(cwd, stateDir)}/${OUTCOMES_FILE} could not be read and are left out\n`,
    );
  const metrics = aggregateMetrics(outcomes.map((o) => o.summary));
  io.stdout.write(
    values.json
      ? `${JSON.stringify({ runs: outcomes.length, ...metrics })}\n`
      : renderStats(metrics, outcomes.length, `${displayPath(cwd, stateDir)}/${OUTCOMES_FILE}`),
  );
  return EXIT.ok;
}
