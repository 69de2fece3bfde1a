import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../src/core/config/schema.js';
import { backoffWait, runStrategy } from '../../../src/runner/fixers/index.js';
import { check, diagnosis, project } from '../../core/strategies/builders.js';

const base = {
  cwd: '/nonexistent',
  taskId: 't',
  check: check(),
  config: defaultConfig(),
  project: project(),
};
const network = diagnosis({ pattern: 'network-error', category: 'network', strategy: 'retry_with_backoff' });

describe('retry_with_backoff', () => {
  it('waits the delay and says so', async () => {
    const waits: number[] = [];
    const outcome = await runStrategy('retry_with_backoff', {
      ...base,
      diagnosis: network,
      delayMs: 5000,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    expect(waits).toEqual([5000]);
    expect(outcome).toEqual({
      strategy: 'retry_with_backoff',
      applied: true,
      action: 'waited 5 s before retrying (network-error is retryable)',
      files_modified: [],
      context_expanded: false,
    });
  });

  it('sleeps for real and stops early on abort', async () => {
    expect(await backoffWait(20)).toBe(true);
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 20);
    expect(await backoffWait(10_000, controller.signal)).toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await backoffWait(10, controller.signal)).toBe(false);
  });

  it('reports a cancelled wait as not applied', async () => {
    const controller = new AbortController();
    controller.abort();
    const outcome = await runStrategy('retry_with_backoff', {
      ...base,
      diagnosis: network,
      delayMs: 60_000,
      signal: controller.signal,
    });
    expect(outcome.applied).toBe(false);
    expect(outcome.action).toMatch(/^the wait was cancelled/);
  });

  it('escalate hands the failure to a person', async () => {
    const outcome = await runStrategy('escalate', {
      ...base,
      diagnosis: diagnosis({ pattern: 'auth-error', strategy: 'escalate' }),
    });
    expect(outcome.escalate?.reason).toContain('auth-error');
  });
});
