import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/core/config/parse-config.js';
import { MAX_CONFIG_BYTES, MAX_NAME_LENGTH } from '../../../src/core/limits.js';
import { LoopResultSchema } from '../../../src/core/loop-result.js';
import { taskIdProblem, toTaskId } from '../../../src/core/task-id.js';
import { ConfigLoadError, loadConfig } from '../../../src/runner/load-config.js';

const dir = mkdtempSync(join(tmpdir(), 'closed-loop-hostile-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const config = (name: string) =>
  `version: 1\nchecks:\n  - name: ${name}\n    type: lint\n    command: "true"\n`;

describe('one schema: what the config accepts, the result accepts', () => {
  it('refuses a check name over the limit at its line and column', () => {
    const result = parseConfig(config('x'.repeat(MAX_NAME_LENGTH + 1)), 'c.yml');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatchObject({ line: 3, column: 11, path: 'checks[0].name' });
  });

  it('accepts a check name at the limit, and so does the LoopResult', () => {
    const name = 'x'.repeat(MAX_NAME_LENGTH);
    expect(parseConfig(config(name), 'c.yml').ok).toBe(true);
    const result = {
      version: 1,
      task_id: 't',
      status: 'failed',
      reason: null,
      attempts: 1,
      pattern: null,
      category: null,
      signature: null,
      strategies: [],
      checks: [{ name, passed: false, timed_out: false, duration_ms: 1 }],
      diagnosis: null,
      fix_commits: [],
      head: { start: null, end: null },
      files_modified: [],
      reports: { dead_letter: null, escalation: null },
      history: [],
      started_at: 'a',
      finished_at: 'b',
      duration_ms: 1,
    };
    expect(LoopResultSchema.safeParse(result).success).toBe(true);
  });
});

describe('config files that are not a page of YAML', () => {
  it('refuses a FIFO at once instead of blocking on it', async () => {
    const fifo = join(dir, 'fifo.yml');
    execFileSync('mkfifo', [fifo]);
    const started = Date.now();
    const error = await loadConfig({ cwd: dir, path: 'fifo.yml' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigLoadError);
    expect((error as Error).message).toBe(
      'fifo.yml: config file is not a regular file (a FIFO, socket or device); point --config at a YAML file',
    );
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses a config over 1 MiB without parsing it', async () => {
    writeFileSync(join(dir, 'huge.yml'), `version: 1\nx: "${'a'.repeat(MAX_CONFIG_BYTES)}"\n`);
    const error = await loadConfig({ cwd: dir, path: 'huge.yml' }).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(
      /^huge\.yml: config file is \d+ bytes; the cap is 1048576 \(1 MiB\)/,
    );
    const parsed = parseConfig(`version: 1\nx: "${'a'.repeat(MAX_CONFIG_BYTES)}"\n`, 'huge.yml');
    expect(!parsed.ok && parsed.error.message).toMatch(/the cap is 1048576/);
  });
});

describe('task ids', () => {
  it.each(['../../../x', 'a/b', '..', '.hidden', '-rf', 'a\nb', 'x'.repeat(101)])('refuses %j', (id) => {
    expect(taskIdProblem(id)).not.toBeNull();
  });
  it('accepts ordinary ids and makes safe ones out of branch names', () => {
    expect(taskIdProblem('pr-12')).toBeNull();
    expect(taskIdProblem('feature_x.2-abc1234')).toBeNull();
    expect(toTaskId('../../../x')).toBe('x');
    expect(toTaskId('feat/../..//evil')).toBe('feat-.-.-evil');
    expect(taskIdProblem(toTaskId(`${'b/'.repeat(200)}-abc1234`))).toBeNull();
  });
});
