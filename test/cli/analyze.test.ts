import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DiagnosisSchema } from '../../src/core/diagnosis.js';
import { runCli } from './run-cli.js';

const TSC_LOG = "src/utils.ts(15,3): error TS2322: Type 'string' is not assignable to type 'number'.\n";
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cl-analyze-'));
  writeFileSync(join(dir, 'build.log'), TSC_LOG);
});

describe('closed-loop analyze (the bundled CLI)', () => {
  it('prints exactly one JSON object with the documented fields, and exits 0', () => {
    const r = runCli(['analyze', 'build.log', '--json'], { cwd: dir });
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    const d = DiagnosisSchema.strict().parse(JSON.parse(r.stdout));
    expect(d).toMatchObject({
      pattern: 'type-error',
      category: 'type',
      strategy: 'context_expand',
      retryable: true,
    });
    expect(d.locations).toEqual([{ file: 'src/utils.ts', line: 15, column: 3 }]);
    expect(d.evidence).toMatchObject({ startLine: 1, endLine: 1 });
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
  });

  it('reads standard input when no file (or -) is given', () => {
    for (const args of [
      ['analyze', '--json'],
      ['analyze', '-', '--json'],
    ]) {
      const r = runCli(args, {
        cwd: dir,
        input: 'npm error code E401\nnpm error 401 Unauthorized - GET https://registry.npmjs.org/x\n',
      });
      expect(r.status).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({
        pattern: 'auth-error',
        retryable: false,
        strategy: 'escalate',
      });
    }
  });

  it('says plainly when nothing matched, still exiting 0', () => {
    const r = runCli(['analyze', '--json'], { cwd: dir, input: 'Compiled successfully.\n' });
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      pattern: null,
      category: 'unknown',
      confidence: 0,
      strategy: 'analyze_then_fix',
      evidence: null,
    });
  });

  it('names what failed from the structure of a CI log when no pattern does, and reads a bare gofmt -l list with --command', () => {
    const log =
      '##[group]Run ./scripts/selftest.sh\nselftest: 3 of 12 checks did not hold\n##[error]Process completed with exit code 1.\n';
    const r = runCli(['analyze'], { cwd: dir, input: log });
    expect(r.stdout).toContain('stdin: build failure, no known pattern (from the failing step)');
    expect(r.stdout).toMatch(/evidence {4}log lines 2–3\n {4}│ selftest: 3 of 12 checks did not hold/);
    const f = runCli(['analyze', '--json', '--command', 'gofmt -l .'], { cwd: dir, input: 'main.go\n' });
    expect(JSON.parse(f.stdout)).toMatchObject({
      category: 'format',
      locations: [{ file: 'main.go', line: 1, column: null }],
    });
  });

  it('prints a readable diagnosis by default: the pattern, where, the evidence and the next step', () => {
    const r = runCli(['analyze', 'build.log'], { cwd: dir });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('build.log: type-error (type)');
    expect(r.stdout).toContain('src/utils.ts:15:3');
    expect(r.stdout).toContain('│ src/utils.ts(15,3): error TS2322');
    expect(r.stdout).toMatch(/next step +Read the type definitions/);
  });

  it.each([
    [['analyze', 'missing.log'], /^closed-loop: cannot read missing\.log: no such file\n$/],
    [
      ['analyze', '--jsn'],
      /^closed-loop: analyze: unknown option --jsn; did you mean --json\? \(see closed-loop analyze --help\)\n$/,
    ],
    [['anlyze'], /^closed-loop: unknown command "anlyze"/],
    [['analyze', 'build.log', '--config', 'nope.yml'], /^closed-loop: nope\.yml: config file not found/],
  ])('exits 2 with one line for %j', (args, message) => {
    const r = runCli(args, { cwd: dir });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('names the config file, line and column of a config mistake, with a did-you-mean', () => {
    const repo = mkdtempSync(join(tmpdir(), 'cl-config-'));
    mkdirSync(join(repo, '.github'));
    writeFileSync(join(repo, '.github/closed-loop.yml'), 'version: 1\nretry:\n  max_retry: 5\n');
    writeFileSync(join(repo, 'build.log'), TSC_LOG);
    const r = runCli(['analyze', 'build.log'], { cwd: repo });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(
      /^closed-loop: \.github\/closed-loop\.yml:3:3: .*max_retry.*did you mean "max_retries"/,
    );
  });

  it('uses the patterns a config adds', () => {
    const repo = mkdtempSync(join(tmpdir(), 'cl-patterns-'));
    mkdirSync(join(repo, '.github'));
    writeFileSync(
      join(repo, '.github/closed-loop.yml'),
      [
        'version: 1',
        'patterns:',
        '  add:',
        '    - id: flaky-emulator',
        '      category: network',
        '      strategy: retry_with_backoff',
        '      priority: 99',
        "      signals: ['emulator did not boot', '/adb: device offline/']",
        '',
      ].join('\n'),
    );
    const r = runCli(['analyze', '--json'], {
      cwd: repo,
      input: 'emulator did not boot\nadb: device offline\n',
    });
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      pattern: 'flaky-emulator',
      category: 'network',
      confidence: 0.7,
    });
  });

  it("refuses a zip (GitHub's log download) with what to do instead", () => {
    writeFileSync(join(dir, 'logs.zip'), Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]));
    const r = runCli(['analyze', 'logs.zip'], { cwd: dir });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^closed-loop: logs\.zip is a zip archive .*unzip it and pass the \.txt files/);
  });

  it('reads several files as one log, each a step, and names the file the evidence is in', () => {
    writeFileSync(
      join(dir, '1_npm ci.txt'),
      'npm warn deprecated glob@7: no longer supported\nadded 10 packages\n',
    );
    writeFileSync(
      join(dir, '2_npm test.txt'),
      ' FAIL  test/a.test.js > adds\nAssertionError: expected 1 to be 2\n Tests  1 failed (1)\n##[error]Process completed with exit code 1.\n',
    );
    const r = runCli(['analyze', '1_npm ci.txt', '2_npm test.txt'], { cwd: dir });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('1_npm ci.txt, 2_npm test.txt: test-failure (test)');
    expect(r.stdout).toMatch(/evidence +2_npm test\.txt lines 1–4/);
  });
});
