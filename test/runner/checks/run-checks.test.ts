import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Check } from '../../../src/core/config/schema.js';
import { effectiveCatalogue } from '../../../src/core/patterns/effective-catalogue.js';
import { detectChecks } from '../../../src/runner/checks/detect-checks.js';
import { runChecks, type CheckEvent } from '../../../src/runner/checks/run-checks.js';
import { createTempRepo } from '../../helpers/temp-repo.js';

const catalogue = effectiveCatalogue();
const check = (name: string, command: string, extra: Partial<Check> = {}): Check => ({
  name,
  type: 'custom',
  command,
  timeout: 60,
  ...extra,
});
const logDir = (): string => join(mkdtempSync(join(tmpdir(), 'closed-loop-logs-')), 'attempt-1');
const cwd = mkdtempSync(join(tmpdir(), 'closed-loop-run-'));

describe('runChecks', () => {
  it('runs independent checks at the same time', async () => {
    const events: string[] = [];
    const started = performance.now();
    const runs = await runChecks([check('a', 'sleep 1'), check('b', 'sleep 1')], {
      cwd,
      logDir: logDir(),
      catalogue,
      concurrency: 2,
      onEvent: (e) => events.push(`${e.kind} ${e.name}`),
    });
    const wall = performance.now() - started;
    // Both started before either ended: they overlapped. The wall time shows it too, with room for a slow
    // machine.
    expect(events.slice(0, 2).sort()).toEqual(['start a', 'start b']);
    expect(events.slice(2).sort()).toEqual(['end a', 'end b']);
    expect(wall).toBeLessThan(runs[0]!.durationMs + runs[1]!.durationMs);
  });

  it('runs one at a time with concurrency 1, and returns the runs in the order of the checks', async () => {
    const events: string[] = [];
    const runs = await runChecks([check('slow', 'sleep 0.3; exit 1'), check('fast', 'true')], {
      cwd,
      logDir: logDir(),
      catalogue,
      concurrency: 1,
      onEvent: (e) => events.push(`${e.kind} ${e.name}`),
    });
    expect(events).toEqual(['start slow', 'end slow', 'start fast', 'end fast']);
    expect(runs.map((r) => [r.name, r.passed, r.exitCode])).toEqual([
      ['slow', false, 1],
      ['fast', true, 0],
    ]);
  });

  it('in parallel, still returns the runs in the order of the checks, not the order they finished in', async () => {
    const runs = await runChecks([check('slow', 'sleep 0.5'), check('fast', 'true')], {
      cwd,
      logDir: logDir(),
      catalogue,
      concurrency: 2,
    });
    expect(runs.map((r) => r.name)).toEqual(['slow', 'fast']);
  });

  it('writes the whole output to <logDir>/<name>.log and keeps a passing run free of a diagnosis', async () => {
    const dir = logDir();
    const ends: CheckEvent[] = [];
    const [run] = await runChecks([check('unit tests', 'echo out; echo err >&2', { type: 'test' })], {
      cwd,
      logDir: dir,
      catalogue,
      onEvent: (e) => e.kind === 'end' && ends.push(e),
    });
    expect(run).toMatchObject({
      name: 'unit tests',
      type: 'test',
      command: 'echo out; echo err >&2',
      passed: true,
      exitCode: 0,
      timedOut: false,
      aborted: false,
      logFile: join(dir, 'unit-tests.log'),
      diagnosis: null,
    });
    expect(readFileSync(run!.logFile, 'utf8').split('\n').sort()).toEqual(['', 'err', 'out']);
    expect(run!.excerpt).toBe(readFileSync(run!.logFile, 'utf8'));
    expect(ends).toEqual([{ kind: 'end', name: 'unit tests', run }]);
  });

  it('diagnoses a failing real eslint as lint-error at the file and line', async () => {
    const repo = createTempRepo(
      {
        'package.json': JSON.stringify({ name: 'p', type: 'module', scripts: { lint: 'eslint .' } }),
        'eslint.config.js': "import js from '@eslint/js';\nexport default [js.configs.recommended];\n",
        'src/a.js': 'export const used = 1;\nconst unused = 2;\n',
      },
      { linkNodeModules: true },
    );
    const { checks } = await detectChecks(repo);
    expect(checks.map((c) => c.command)).toEqual(['npm run lint']);
    const [run] = await runChecks(checks, { cwd: repo, logDir: logDir(), catalogue });
    expect(run).toMatchObject({ passed: false, exitCode: 1, timedOut: false });
    expect(run!.excerpt).toContain("'unused' is assigned a value but never used");
    expect(run!.diagnosis).toMatchObject({ pattern: 'lint-error', category: 'lint', strategy: 'auto_fix' });
    expect(run!.diagnosis!.locations[0]).toEqual({ file: 'src/a.js', line: 2, column: 7 });
  });

  it('fails a command that cannot start, with the reason in its log', async () => {
    const [run] = await runChecks([check('x', 'true')], {
      cwd: join(cwd, 'missing'),
      logDir: logDir(),
      catalogue,
    });
    expect(run).toMatchObject({ passed: false, exitCode: null });
    expect(readFileSync(run!.logFile, 'utf8')).toMatch(
      /^closed-loop: cannot run "true": the directory .+ does not exist\n$/,
    );
  });

  it('says so in the log when a command is ended by a signal it did not get from us', async () => {
    const [run] = await runChecks([check('killed', 'kill -KILL $$')], { cwd, logDir: logDir(), catalogue });
    expect(run).toMatchObject({ passed: false, exitCode: null, timedOut: false });
    expect(run!.excerpt).toBe('closed-loop: check "killed" ended by signal SIGKILL\n');
  });
});
