import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckRun } from '../../../src/runner/checks/run-check.js';
import { createCheckDisplay, elapsed } from '../../../src/runner/loop-driver/check-display.js';
import type { ProgressSink } from '../../../src/runner/loop-driver/progress.js';

const run = (name: string, passed: boolean): CheckRun => ({
  name,
  type: 'test',
  command: 'npm test',
  passed,
  exitCode: passed ? 0 : 1,
  timedOut: false,
  aborted: false,
  durationMs: 95_000,
  logFile: '/dev/null',
  excerpt: '',
  diagnosis: null,
});

function sink(): ProgressSink & { lines: string[] } {
  const lines: string[] = [];
  return { lines, info: (l) => lines.push(l), log: () => {} };
}

describe('the check display: a heartbeat while a check runs', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  it('says every 30 s of a check’s own run time that it still runs, with its last line of output', async () => {
    const progress = sink();
    const display = createCheckDisplay(progress);
    await display.onEvent({ kind: 'start', name: 'test' });
    vi.advanceTimersByTime(29_000);
    expect(progress.lines).toEqual([]); // not spammy: nothing before 30 s
    vi.advanceTimersByTime(2_000);
    expect(progress.lines).toEqual(['  … test still running (30s); no output yet']);
    display.onLine('test', ' ✓ src/cart.test.ts (12 tests) 40ms');
    display.onLine('test', '   '); // a blank line is no news
    await display.onEvent({ kind: 'start', name: 'lint' }); // started at 31 s: beats on its own clock
    vi.advanceTimersByTime(30_000);
    expect(progress.lines.slice(1)).toEqual([
      '  … test still running (1m 0s); last output: ✓ src/cart.test.ts (12 tests) 40ms',
      '  … lint still running (30s); no output yet',
    ]);
    await display.onEvent({ kind: 'end', name: 'test', run: run('test', false) });
    expect(progress.lines.at(-1)).toBe('  ✗ test 95s');
    vi.advanceTimersByTime(60_000);
    expect(progress.lines.filter((l) => l.includes('test still running'))).toHaveLength(2); // ended: quiet
    display.stop();
    const before = progress.lines.length;
    vi.advanceTimersByTime(120_000);
    expect(progress.lines).toHaveLength(before);
  });

  it('clips and masks the last line, and strips its colours', async () => {
    vi.stubEnv('NPM_TOKEN', 'npm_secretsecretsecret');
    const progress = sink();
    const display = createCheckDisplay(progress, 1_000);
    await display.onEvent({ kind: 'start', name: 'build' });
    display.onLine('build', `\x1b[31mtoken npm_secretsecretsecret ${'x'.repeat(300)}\x1b[0m`);
    vi.advanceTimersByTime(1_200);
    const line = progress.lines[0] ?? '';
    expect(line).not.toContain('npm_secretsecretsecret');
    expect(line).not.toContain('\x1b[');
    expect(line.length).toBeLessThan(200);
    expect(line).toMatch(/…$/);
    display.stop();
    vi.unstubAllEnvs();
  });

  it('hands a check’s end to a sink that shows its output (the job log’s fold)', async () => {
    const ended: string[] = [];
    const progress: ProgressSink = {
      info: () => {},
      log: () => {},
      checkEnded: async (r, line) => void ended.push(`${r.name}|${line}`),
    };
    const display = createCheckDisplay(progress);
    await display.onEvent({ kind: 'end', name: 'lint', run: { ...run('lint', true), durationMs: 500 } });
    expect(ended).toEqual(['lint|  ✓ lint 0.5s']);
    display.stop();
  });
});

describe('elapsed', () => {
  it.each([
    [0, '0s'],
    [45_400, '45s'],
    [90_000, '1m 30s'],
    [720_000, '12m 0s'],
  ])('%d ms → %s', (ms, text) => expect(elapsed(ms)).toBe(text));
});
