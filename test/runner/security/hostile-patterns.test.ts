import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCheck } from '../../../src/runner/checks/run-check.js';
import { loadCatalogue } from '../../../src/runner/load-catalogue.js';

const dir = mkdtempSync(join(tmpdir(), 'closed-loop-hostile-patterns-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const config = (signal: string) =>
  [
    'version: 1',
    'patterns:',
    '  add:',
    '    - id: my-tool-error',
    '      category: lint',
    '      strategy: escalate',
    '      signals:',
    `        - ${JSON.stringify(signal)}`,
    '',
  ].join('\n');

describe('custom patterns cannot hang a run', () => {
  it.each(['/(a|a)*$/', '/(a|aa)+$/', '/(\\w|\\d)+$/', '/(?:x|X)+$/i', '/(a|)*$/'])(
    '%s is a config error at the signal, at once',
    async (signal) => {
      writeFileSync(join(dir, 'c.yml'), config(signal));
      const started = Date.now();
      const error = await loadCatalogue({ cwd: dir, path: 'c.yml' }).catch((e: unknown) => e as Error);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toMatch(
        /^c\.yml:8:11: patterns\.add\[0\]\.signals\[0\]: the repeated alternatives .* can match the same text \(or nothing\)/,
      );
      expect(Date.now() - started).toBeLessThan(2000);
    },
  );

  it('still accepts alternations that cannot overlap', async () => {
    writeFileSync(join(dir, 'ok.yml'), config('/error (TS\\d+|E\\d+): (warn|fail)+/'));
    await expect(loadCatalogue({ cwd: dir, path: 'ok.yml' })).resolves.toBeTruthy();
  });

  it('a pattern that is slow but allowed meets the analysis deadline, with a clear line in the log', async () => {
    writeFileSync(join(dir, 'slow.yml'), config('/a*a*b/'));
    const { catalogue } = await loadCatalogue({ cwd: dir, path: 'slow.yml' });
    const logFile = join(dir, 'slow.log');
    const started = Date.now();
    const run = await runCheck(
      {
        name: 'slow',
        type: 'lint',
        command: `node -e "for (let i = 0; i < 200; i++) console.log('a'.repeat(700) + '!')"; exit 1`,
        timeout: 60,
      },
      { cwd: dir, logFile, catalogue, analysisLimitMs: 300 },
    );
    expect(run.passed).toBe(false);
    expect(Date.now() - started).toBeLessThan(20_000);
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(logFile, 'utf8')).toMatch(
      /closed-loop: the analysis had 0\.3 s for this output and took \d+\.\d s: the custom pattern "my-tool-error" is slow on this output \(\d+\.\d s on one line of it, \d+\.\d s of matching in all\): simplify its regular expressions/,
    );
  });
});
