import { parseArgs } from 'node:util';
import { createAnalyzer } from '../../core/analyze/create-analyzer.js';
import { withDeadline } from '../../core/analyze/with-deadline.js';
import { renderDiagnosis } from '../../core/analyze/render-diagnosis.js';
import { readLog } from '../../runner/read-log.js';
import { checkInputs } from '../../runner/open-inputs.js';
import { loadCatalogue } from '../../runner/load-catalogue.js';
import { analysisLimitMs } from '../../runner/analysis-limit.js';
import { EXIT, type Io } from '../io.js';
import { writeJson } from '../write-json.js';
import { parseFlags } from '../parse-flags.js';

const ANALYZE_HELP = `Usage: closed-loop analyze [FILE…|-] [--json] [--command CMD] [--config PATH]

Reads a CI or tool log (standard input when no FILE or -), classifies the failure against the pattern
catalogue, and prints what failed, where, and what closed-loop would do about it. Several files are
read as one log, each file a step of its own, in the order given: pass the .txt files of GitHub's
"Download log archive" in their numbered order.

  --json          print exactly one JSON object (the Diagnosis) and nothing else; with several files,
                  evidence line numbers count across them in the order given
  --command CMD   the command that printed the log and failed: names the tool when its output alone
                  cannot (a bare file list from \`gofmt -l .\` is a format failure)
  --config PATH   the config file (default: .github/closed-loop.yml in this directory or above it)

Exit status: 0 when the log was analysed, whatever it found; 2 on a usage, input or config error.
`;

const ANALYZE_OPTIONS = {
  json: { type: 'boolean' },
  config: { type: 'string' },
  command: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export async function analyzeCommand(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseFlags(
    () =>
      parseArgs({
        args,
        allowPositionals: true,
        options: ANALYZE_OPTIONS,
      }),
    'analyze',
    ANALYZE_OPTIONS,
    args,
  );
  if (values.help) {
    io.stdout.write(ANALYZE_HELP);
    return EXIT.ok;
  }
  const files = positionals.length > 0 ? positionals : ['-'];
  await checkInputs(files, io.cwd);
  const { catalogue } = await loadCatalogue({ cwd: io.cwd, path: values.config });
  const limitMs = analysisLimitMs();
  const clock = (): number => performance.now();
  const analyzer = withDeadline(
    createAnalyzer(catalogue, {
      root: io.cwd,
      clock,
      ...(values.command ? { command: values.command } : {}),
    }),
    clock,
    limitMs,
  );
  const sources = await readLog(files, io, analyzer);
  const stopped = analyzer.stopped();
  if (stopped !== null) io.stderr.write(`${stopped}\n`);
  const diagnosis = analyzer.finish();
  if (values.json) {
    writeJson(io.stdout, diagnosis);
  } else {
    const pattern = diagnosis.pattern ? catalogue.byId.get(diagnosis.pattern)?.pattern : undefined;
    io.stdout.write(renderDiagnosis(diagnosis, pattern, sources));
  }
  return EXIT.ok;
}
