import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { commentWrite } from '../../src/core/plan/comment-marker.js';
import type { Plan } from '../../src/core/plan/plan-schema.js';
import { applyPlan } from '../../src/github/apply-plan.js';
import { API, HEAD, logLines, target, testClient, useNock } from './github-test-kit.js';

useNock();

const plan: Plan = [
  commentWrite('sticky', 'attempt 1: red', HEAD),
  { kind: 'add_labels', labels: ['loop:blocked'] },
  { kind: 'remove_labels', labels: ['needs:security-review'] },
  {
    kind: 'ensure_labels',
    labels: [{ name: 'loop:blocked', color: 'd93f0b', description: 'a person is needed' }],
  },
  {
    kind: 'check_run',
    name: 'closed-loop',
    head_sha: HEAD,
    status: 'completed',
    conclusion: 'success',
    output: { title: 'Green', summary: 'all checks pass' },
  },
];

describe('dry run', () => {
  it('sends nothing and prints each request it would send', async () => {
    // No scope is defined and net connect is off: any request would fail the test.
    const { lines, log } = logLines();
    const applied = await applyPlan(testClient(), target, plan, { dryRun: true, log });
    expect(nock.pendingMocks()).toEqual([]);
    expect(applied.every((a) => a.outcome === 'dry-run')).toBe(true);
    expect(lines).toEqual([
      `dry run: POST ${API}/repos/acme/shop/issues/7/comments {"body":"<!-- closed-loop:sticky -->\\n<!-- closed-loop:key ${HEAD} -->\\nattempt 1: red"} (or PATCH of the comment carrying <!-- closed-loop:sticky --> and key ${HEAD}, when one exists)`,
      `dry run: POST ${API}/repos/acme/shop/issues/7/labels {"labels":["loop:blocked"]} (only the labels the PR lacks)`,
      `dry run: DELETE ${API}/repos/acme/shop/issues/7/labels/needs%3Asecurity-review (when the PR has it)`,
      `dry run: POST ${API}/repos/acme/shop/labels {"name":"loop:blocked","color":"d93f0b","description":"a person is needed"} (when the repository lacks it)`,
      `dry run: POST ${API}/repos/acme/shop/check-runs {"head_sha":"${HEAD}","name":"closed-loop","status":"completed","conclusion":"success","output":{"title":"Green","summary":"all checks pass"}} (or PATCH of the latest "closed-loop" run on aaaaaaa, when one exists)`,
    ]);
  });

  it('never prints the token', async () => {
    const { lines, log } = logLines();
    await applyPlan(testClient(), target, plan, { dryRun: true, log });
    expect(lines.join('\n')).not.toContain('ghs_test');
  });
});
