import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempRepos } from '../helpers/temp-repo.js';
import { CLI } from './run-cli.js';

// Hostile inputs on the built command (issue 22): a log whose end is far away, a config too big to
// compile. The analysis's limit is time, 20 s by default; here it is 0.1 s (CLOSED_LOOP_ANALYSIS_SECONDS)
// and the log 8 MiB of empty lines instead of 512 MiB: what the 512 MiB log did, the 8 MiB one does at a
// limit 200 times shorter — the time runs out long before the end, where the failure is.

const dir = mkdtempSync(join(tmpdir(), 'closed-loop-limits-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const repo = tempRepos();

const cli = (args: string[], options: { cwd?: string; input?: string | Buffer; seconds?: string } = {}) => {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd: options.cwd ?? dir,
    input: options.input,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: {
      ...process.env,
      NO_COLOR: '1',
      CLOSED_LOOP_DEBUG: '',
      CLOSED_LOOP_ANALYSIS_SECONDS: options.seconds ?? '',
    },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
};

const TSC_ERROR = "src/a.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.\n";
const EMPTY_LINES = 8 * 1024 * 1024;
const hugeLog = Buffer.concat([Buffer.alloc(EMPTY_LINES, 0x0a), Buffer.from(TSC_ERROR)]);

describe('a huge log whose failure is at its end', () => {
  it.each([
    ['a file', (): string[] => (writeFileSync(join(dir, 'huge.log'), hugeLog), ['huge.log'])],
    ['standard input', (): string[] => ['-']],
  ])('from %s: the end is read, the failure found at its own line, the cause named', (_, args) => {
    const r = cli(['analyze', ...args(), '--json'], { input: hugeLog, seconds: '0.1' });
    expect(r.status, r.stderr).toBe(0);
    const diagnosis = JSON.parse(r.stdout);
    expect(diagnosis).toMatchObject({
      pattern: 'type-error',
      locations: [{ file: 'src/a.ts', line: 3, column: 7 }],
      evidence: { endLine: EMPTY_LINES + 1 },
    });
    expect(r.stderr).toMatch(
      /^closed-loop: the analysis had 0\.1 s for this output and took \d+\.\d s: the output is long \([\d,]+ lines, [\d.]+ MB read in the time\); lines 1–[\d,]+ were read, [\d,]+–[\d,]+ skipped, and the end, lines [\d,]+–8,388,609, read last/,
    );
    expect(r.stderr).not.toContain('custom pattern');
  });

  it('in a check that `run` runs: the loop diagnoses the failure at the end', () => {
    const cwd = repo({
      '.github/closed-loop.yml':
        'version: 1\nchecks:\n  - name: typecheck\n    type: type\n    command: node print.mjs\n',
      'print.mjs': `process.stdout.write(Buffer.alloc(2 * 1024 * 1024, 10));\nprocess.stdout.write(${JSON.stringify(TSC_ERROR)});\nprocess.exitCode = 2;\n`,
    });
    const r = cli(['run', '--no-fix', '--json'], { cwd, seconds: '0.1' });
    expect(r.status, r.stderr).toBe(3);
    const result = JSON.parse(r.stdout);
    expect(result.diagnosis).toMatchObject({
      pattern: 'type-error',
      locations: [{ file: 'src/a.ts', line: 3, column: 7 }],
      evidence: { endLine: 2 * 1024 * 1024 + 1 },
    });
  });

  it('refuses a limit that is not a number of seconds', () => {
    const r = cli(['analyze', '-'], { input: TSC_ERROR, seconds: 'soon' });
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toBe(
      'closed-loop: CLOSED_LOOP_ANALYSIS_SECONDS: expected a number of seconds between 0 and 3600, found "soon"',
    );
  });
});

const addPatterns = (patterns: string[]): string =>
  `version: 1\nchecks:\n  - name: build\n    type: build\n    command: "false"\npatterns:\n  add:\n${patterns.join('\n')}\n`;
const pattern = (id: string, signals: string[]): string =>
  `    - id: ${id}\n      category: build\n      strategy: escalate\n      signals:\n${signals.map((s) => `        - '${s}'`).join('\n')}`;

describe('a config past the catalogue limits', () => {
  const bigSignal = addPatterns([pattern('my-tool-error', ['x'.repeat(60_000)])]);
  const expectOneLine = (r: { status: number | null; stdout: string; stderr: string }, message: string) => {
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`closed-loop: ${message}\n`);
  };

  it('a 60,000-character signal: `analyze` says where and the limit, in one line, exit 2', () => {
    writeFileSync(join(dir, 'big-signal.yml'), bigSignal);
    const r = cli(['analyze', '-', '--config', 'big-signal.yml'], { input: TSC_ERROR });
    expectOneLine(
      r,
      'big-signal.yml:12:11: patterns.add[0].signals[0]: a signal of 60000 characters; the limit is 1000; match the words that tell this failure apart, not the whole line',
    );
  });

  it('the same config in `run`: the same line, no stack trace, no check run', () => {
    const cwd = repo({ '.github/closed-loop.yml': bigSignal });
    const r = cli(['run'], { cwd });
    expectOneLine(
      r,
      '.github/closed-loop.yml:12:11: patterns.add[0].signals[0]: a signal of 60000 characters; the limit is 1000; match the words that tell this failure apart, not the whole line',
    );
  });

  it('5,000 patterns: refused at once, before any is compiled', () => {
    writeFileSync(
      join(dir, 'many.yml'),
      addPatterns(Array.from({ length: 5000 }, (_, i) => pattern(`p${i}`, [`/error P${i}: \\w+/`]))),
    );
    const started = Date.now();
    const r = cli(['analyze', '-', '--config', 'many.yml'], { input: TSC_ERROR });
    expectOneLine(
      r,
      'many.yml:7:3: patterns.add: 5000 patterns; at most 100 can be added; a pattern is a kind of failure: give one pattern the signals of several tools',
    );
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});
