import { parseArgs } from 'node:util';
import { didYouMean } from '../../core/config/did-you-mean.js';
import { createPatternTester } from '../../core/analyze/test-pattern.js';
import { defaultPatterns } from '../../core/patterns/default-catalogue.js';
import { loadCatalogue } from '../../runner/load-catalogue.js';
import { checkInputs } from '../../runner/open-inputs.js';
import { readLog } from '../../runner/read-log.js';
import { EXIT, UsageError, type Io } from '../io.js';
import { writeJson } from '../write-json.js';
import { parseFlags } from '../parse-flags.js';
import { renderPatternList, renderPatternTest } from './render-patterns.js';

const PATTERNS_HELP = `Usage: closed-loop patterns [--json] [--config PATH]
       closed-loop patterns test ID FILE [--json] [--config PATH]

The first form lists the effective catalogue: the default patterns with the config's patterns section
(add, override, disable) applied. The second shows which signals of pattern ID match the log FILE
(- for standard input), line by line: a tester for people writing their own patterns.
`;

const PATTERNS_OPTIONS = {
  json: { type: 'boolean' },
  config: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export async function patternsCommand(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseFlags(
    () =>
      parseArgs({
        args,
        allowPositionals: true,
        options: PATTERNS_OPTIONS,
      }),
    'patterns',
    PATTERNS_OPTIONS,
    args,
  );
  if (values.help) {
    io.stdout.write(PATTERNS_HELP);
    return EXIT.ok;
  }
  const [sub, id, file, ...extra] = positionals;
  if (sub !== undefined && sub !== 'test')
    throw new UsageError(
      didYouMean(sub, ['test']) === 'test'
        ? `patterns: unknown subcommand "${sub}"; did you mean "patterns test${positionals.length > 1 ? ` ${positionals.slice(1).join(' ')}` : ' ID FILE'}"?`
        : `patterns: unknown subcommand "${sub}"; did you mean "patterns test ${sub} FILE"?`,
    );
  if (sub === 'test' && (id === undefined || file === undefined || extra.length > 0)) {
    throw new UsageError(
      'patterns test: expected a pattern id and one log file, e.g. closed-loop patterns test lint-error build.log',
    );
  }
  if (sub === 'test') await checkInputs([file as string], io.cwd);
  const { catalogue, config, source } = await loadCatalogue({ cwd: io.cwd, path: values.config });
  if (sub === undefined) {
    const defaults = new Map(defaultPatterns().map((p) => [p.id, p]));
    const rows = catalogue.patterns.map(({ pattern }) => ({
      pattern,
      origin: !defaults.has(pattern.id)
        ? ('added' as const)
        : JSON.stringify(defaults.get(pattern.id)) === JSON.stringify(pattern)
          ? ('default' as const)
          : ('overridden' as const),
    }));
    if (values.json)
      writeJson(
        io.stdout,
        rows.map((r) => ({ ...r.pattern, origin: r.origin })),
      );
    else io.stdout.write(renderPatternList(rows));
    return EXIT.ok;
  }
  const compiled = catalogue.byId.get(id as string);
  if (!compiled) {
    const disabled = config.patterns.disable.includes(id as string)
      ? ` (${source ?? 'the config'} disables it)`
      : '';
    throw new UsageError(
      `patterns test: no pattern "${id}"${disabled}; the catalogue has ${catalogue.patterns.map((c) => c.pattern.id).join(', ')}`,
    );
  }
  const tester = createPatternTester(compiled);
  await readLog([file as string], io, tester);
  const result = tester.finish();
  if (values.json) writeJson(io.stdout, result);
  else io.stdout.write(renderPatternTest(result, file as string));
  return EXIT.ok;
}
