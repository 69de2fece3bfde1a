import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { Check } from '../../../src/core/config/schema.js';
import { effectiveCatalogue } from '../../../src/core/patterns/effective-catalogue.js';
import { EXCERPT_CHARS } from '../../../src/runner/checks/create-excerpt.js';
import { runChecks } from '../../../src/runner/checks/run-checks.js';
import { grandchildPid, isRunning, TREE_COMMAND } from '../exec/process-state.js';

const catalogue = effectiveCatalogue();
const check = (name: string, command: string, extra: Partial<Check> = {}): Check => ({
  name,
  type: 'test',
  command,
  timeout: 60,
  ...extra,
});
const logDir = (): string => mkdtempSync(join(tmpdir(), 'closed-loop-logs-'));
const cwd = mkdtempSync(join(tmpdir(), 'closed-loop-run-'));

/** Waits until a running check's log (written as the output arrives) holds `text`. */
async function logHas(file: string, text: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      if (readFileSync(file, 'utf8').includes(text)) return;
    } catch {
      // not created yet
    }
    await sleep(25);
  }
  throw new Error(`${file} never showed ${text}`);
}

describe('runChecks: time, abort and size limits', () => {
  it('fails a check that runs out of time as a timeout, kills its whole tree and says so in the log', async () => {
    const [run] = await runChecks([check('test', TREE_COMMAND, { timeout: 1 })], {
      cwd,
      logDir: logDir(),
      catalogue,
    });
    expect(run).toMatchObject({ passed: false, timedOut: true, aborted: false, exitCode: null });
    const log = readFileSync(run!.logFile, 'utf8');
    expect(log).toMatch(
      /^grandchild \d+\nclosed-loop: check "test" timed out after 1 s; the process tree was killed\n$/,
    );
    expect(run!.excerpt).toBe(log);
    expect(run!.diagnosis).toMatchObject({
      pattern: 'timeout',
      category: 'timeout',
      strategy: 'retry_with_backoff',
    });
    expect(isRunning(grandchildPid(log))).toBe(false);
  });

  it('keeps a better diagnosis the output gave before the timeout', async () => {
    const [run] = await runChecks(
      [check('test', 'echo "Error: Cannot find module \'left-pad\'" >&2; sleep 30', { timeout: 1 })],
      { cwd, logDir: logDir(), catalogue },
    );
    expect(run).toMatchObject({ timedOut: true, diagnosis: { pattern: 'import-not-found' } });
  });

  it('on abort kills the running trees and ends the checks not started yet as aborted', async () => {
    const dir = logDir();
    const controller = new AbortController();
    const started: string[] = [];
    const running = runChecks([check('first', TREE_COMMAND), check('second', 'echo never')], {
      cwd,
      logDir: dir,
      catalogue,
      concurrency: 1,
      signal: controller.signal,
      onEvent: (e) => e.kind === 'start' && started.push(e.name),
    });
    await logHas(join(dir, 'first.log'), 'grandchild');
    controller.abort();
    const [first, second] = await running;
    expect(first).toMatchObject({ passed: false, aborted: true, timedOut: false, exitCode: null });
    const log = readFileSync(first!.logFile, 'utf8');
    expect(log).toContain(
      'closed-loop: check "first" was aborted before it finished; the process tree was killed\n',
    );
    expect(isRunning(grandchildPid(log))).toBe(false);
    expect(first!.durationMs).toBeLessThan(10_000);
    expect(second).toMatchObject({ passed: false, aborted: true, durationMs: 0 });
    expect(readFileSync(second!.logFile, 'utf8')).not.toContain('never');
    expect(started).toEqual(['first', 'second']);
  });

  it('streams 50 MB of output to the log without holding it in memory, keeping a 2000-character excerpt', async () => {
    const line = `${'x'.repeat(1023)}\n`;
    const lines = 50 * 1024;
    const script = `const l='x'.repeat(1023)+'\\n'; for (let i = 0; i < ${lines}; i++) process.stdout.write(l); console.log('AssertionError: expected 1 to be 2')`;
    let peak = 0;
    const base = process.memoryUsage().rss;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss - base)), 20);
    const [run] = await runChecks([check('big', `node -e "${script}"; exit 1`)], {
      cwd,
      logDir: logDir(),
      catalogue,
    }).finally(() => clearInterval(sampler));
    const tail = 'AssertionError: expected 1 to be 2\n';
    expect(statSync(run!.logFile).size).toBe(line.length * lines + tail.length);
    expect(run!.excerpt.length).toBeLessThanOrEqual(EXCERPT_CHARS);
    expect(run!.excerpt.endsWith(`x\n${tail}`)).toBe(true);
    expect(run!.passed).toBe(false);
    // Holding the output would take 50 MB or more; streaming takes a few chunks.
    expect(peak).toBeLessThan(40 * 1024 * 1024);
  });
});
