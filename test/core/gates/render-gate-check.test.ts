import { describe, expect, it } from 'vitest';
import type { EvaluatedGate } from '../../../src/core/gates/evaluate-gates.js';
import { gateLabels } from '../../../src/core/gates/gate-labels.js';
import { renderGateCheck, type GateCheckInput } from '../../../src/core/gates/render-gate-check.js';
import { labelsPlan } from '../../../src/core/plan/labels-plan.js';
import { CheckRunSchema } from '../../../src/core/plan/plan-schema.js';
import { HEAD, OLD_HEAD, gatesWith } from './gate-builders.js';

const gatesConfig = gatesWith({ security: { approvers: { teams: ['acme/security'] } } });
const passed = [
  { name: 'lint', conclusion: 'success' },
  { name: 'test', conclusion: 'success' },
];
const approved: EvaluatedGate = {
  gate: 'database',
  status: 'approved',
  by: 'bob',
  via: 'label',
  onHead: true,
  files: ['migrations/1.sql'],
  more: 0,
};
const pending: EvaluatedGate = { gate: 'security', status: 'pending', files: ['src/auth/a.ts'], more: 2 };
const stale: EvaluatedGate = {
  gate: 'security',
  status: 'pending',
  stale: { kind: 'approval', by: 'alice', approvedAt: OLD_HEAD, at: '2026-03-01T10:00:00Z' },
  files: ['src/auth/a.ts'],
  more: 0,
};
const skipped: EvaluatedGate = {
  gate: 'deploy',
  status: 'skipped',
  by: 'carol',
  reason: 'only a comment in the <Dockerfile> | ok',
  onHead: false,
  files: ['Dockerfile'],
  more: 0,
};

const render = (over: Partial<GateCheckInput>) => {
  const run = renderGateCheck({ headSha: HEAD, checks: passed, gates: [], gatesConfig, ...over });
  expect(CheckRunSchema.safeParse(run).success).toBe(true);
  expect(run.output.title).not.toContain('\n');
  return run;
};

describe('renderGateCheck', () => {
  it.each([
    ['all green, gates approved or skipped', { gates: [approved, skipped] }, 'completed', 'success'],
    ['no gates needed', {}, 'completed', 'success'],
    ['only an approval missing', { gates: [approved, pending] }, 'completed', 'action_required'],
    ['a stale approval', { gates: [stale] }, 'completed', 'action_required'],
    [
      'a failed check',
      { checks: [...passed, { name: 'build', conclusion: 'failure' }], gates: [pending] },
      'completed',
      'failure',
    ],
    ['a timed-out check', { checks: [{ name: 'e2e', conclusion: 'timed_out' }] }, 'completed', 'failure'],
    [
      'a neutral and a skipped check',
      {
        checks: [
          { name: 'a', conclusion: 'neutral' },
          { name: 'b', conclusion: 'skipped' },
        ],
      },
      'completed',
      'success',
    ],
    [
      'a check still running',
      { checks: [...passed, { name: 'test-e2e', conclusion: null }], gates: [pending] },
      'in_progress',
      undefined,
    ],
    ['the loop still running', { loop: { status: 'running' as const } }, 'in_progress', undefined],
    ['no check reported on the head yet (INIT)', { checks: [] }, 'completed', 'action_required'],
    [
      'no check yet, every gate approved',
      { checks: [], gates: [approved, skipped] },
      'completed',
      'action_required',
    ],
    [
      'only its own earlier run on the head',
      { checks: [{ name: 'closed-loop', conclusion: 'success' }] },
      'completed',
      'action_required',
    ],
    [
      'no check yet on a head the loop succeeded on before (nothing has checked it)',
      { checks: [], loop: { status: 'success' as const } },
      'completed',
      'action_required',
    ],
    [
      "no check yet on the loop's own fix (RETRY: CI is about to check it)",
      {
        checks: [],
        loop: { status: 'success' as const },
        stage: { stage: 'RETRY' as const, summary: 'x', next: 'VERIFY' as const, missing: [] },
      },
      'in_progress',
      undefined,
    ],
    [
      'a blocked loop',
      { loop: { status: 'blocked' as const, reason: 'same error twice' } },
      'completed',
      'failure',
    ],
    [
      'a dead letter',
      { loop: { status: 'dead_letter' as const, reason: 'budget spent' } },
      'completed',
      'failure',
    ],
    [
      'a failed check outranks a running one',
      {
        checks: [
          { name: 'a', conclusion: 'failure' },
          { name: 'b', conclusion: null },
        ],
      },
      'completed',
      'failure',
    ],
  ])('%s → %s %s', (_what, over, status, conclusion) => {
    const run = render(over);
    expect(run.status).toBe(status);
    expect(run.conclusion).toBe(conclusion);
  });

  it('ignores its own earlier run among the checks', () => {
    expect(
      render({ checks: [...passed, { name: 'closed-loop', conclusion: 'action_required' }] }).conclusion,
    ).toBe('success');
  });

  it('says, before any CI has reported on the head, that it waits for a CI run, not that all passed', () => {
    const run = render({ checks: [] });
    expect(run.output.title).toBe('Waiting for CI: no check has reported on this head yet');
    expect(run.output.summary).toContain(`a CI run: no check has reported on \`${HEAD.slice(0, 7)}\` yet`);
    expect(run.output.summary).not.toContain('Nothing is missing');
  });

  it("says, on the loop's fix before CI has reported on it, that CI is to check the fix, not that it is green", () => {
    const run = render({
      checks: [],
      loop: { status: 'success' },
      stage: {
        stage: 'RETRY',
        summary: "no check has reported on the loop's fix yet",
        next: 'VERIFY',
        missing: [],
      },
    });
    expect(run.output.title).toBe("Waiting for CI on the loop's fix: no check has reported on this head yet");
    expect(run.output.summary).not.toContain('Nothing is missing');
  });

  it('names the failed and running checks and the approvals missing, from whom', () => {
    const run = render({
      checks: [
        { name: 'lint', conclusion: 'failure' },
        { name: 'test', conclusion: null },
      ],
      gates: [pending],
    });
    expect(run.output.title).toBe(
      '1 check failed: lint; waiting for 1 check: test; waiting for approval: security',
    );
    expect(run.output.summary).toContain('- check `lint` failed (failure)');
    expect(run.output.summary).toContain('- check `test` is still running');
    expect(run.output.summary).toContain(
      "- security approval from members of @acme/security, with maintain permission or higher (not the pull request's author)",
    );
    expect(run.output.summary).toContain('`src/auth/a.ts` and 2 more');
  });

  it("shows a check's name and a gate's files in code as typed: `>` and `&` are not entities there", () => {
    const { summary } = render({
      checks: [{ name: 'test (node >= 18) & lint', conclusion: 'failure' }],
      gates: [{ ...pending, files: ['src/a&b.ts'], more: 0 }],
    }).output;
    expect(summary).toContain('- check `test (node >= 18) & lint` failed (failure)');
    expect(summary).toContain('`src/a&b.ts`');
  });

  it('says whose approval went stale and on which commit', () => {
    expect(render({ gates: [stale] }).output.summary).toContain(
      "@alice approved it on aaaaaaa, but the gate's files changed since",
    );
  });

  it('records skips with their reason, escaped, and approvals with who gave them', () => {
    const { output } = render({ gates: [approved, skipped] });
    expect(output.title).toBe('All 2 checks passed; 1 gate approved, 1 skipped');
    expect(output.summary).toContain('✅ approved by @bob on this commit');
    expect(output.summary).toContain('⏭️ skipped by @carol on an earlier commit');
    expect(output.summary).toContain('"only a comment in the &lt;Dockerfile&gt; \\| ok"');
    const kept = render({ gates: [{ ...approved, onHead: false, keptThroughPush: true }] }).output.summary;
    expect(kept).toContain("kept although the gate's files changed (invalidate_on_push: false)");
  });

  it("gives the loop's reason when it is blocked", () => {
    const run = render({ loop: { status: 'blocked', reason: 'same error twice' } });
    expect(run.output.title).toBe('The loop is blocked');
    expect(run.output.summary).toContain('- the loop is blocked: same error twice');
  });

  it('keeps the title to one short line and the summary bounded with many checks', () => {
    const checks = Array.from({ length: 300 }, (_, i) => ({
      name: `check-${i}\nwith a newline`,
      conclusion: 'failure',
    }));
    const run = render({ checks });
    expect(run.output.title.length).toBeLessThanOrEqual(200);
    expect(run.output.summary).toContain('- and 250 more');
  });
});

describe('gateLabels', () => {
  it('wants needs: for pending gates, approved: for approved ones, nothing for skipped', () => {
    expect(gateLabels([pending, approved, skipped])).toEqual(['needs:security-review', 'approved:database']);
  });

  it('feeds labelsPlan, which takes off labels of gates no longer pending', () => {
    const plan = labelsPlan(['needs:database-review', 'bug'], gateLabels([approved]));
    expect(plan).toEqual([
      { kind: 'add_labels', labels: ['approved:database'] },
      { kind: 'remove_labels', labels: ['needs:database-review'] },
    ]);
  });
});

describe('renderGateCheck with a red run diagnosed without the Action', () => {
  it('a red run diagnosed without the Action: its verdict leads the title, its table follows the summary, its evidence is the text, its annotations ride along', () => {
    const annotation = {
      path: 'src.ts',
      start_line: 2,
      end_line: 2,
      annotation_level: 'failure' as const,
      title: 'typecheck: type-error',
      message: 'TS2322',
    };
    const ci = {
      title: 'Blocked: needs a fix: typecheck (type-error)',
      section: '#### CI: …\n\n| Job | … |',
      text: '```\nsrc.ts(2,7): error TS2322\n```',
      gate: 'failed' as const,
    };
    const red = render({ gates: [pending], ci: { ...ci, annotations: [annotation] } });
    expect(red).toMatchObject({
      status: 'completed',
      conclusion: 'failure',
      output: {
        title: 'Blocked: needs a fix: typecheck (type-error); waiting for approval: security',
        text: ci.text,
      },
      annotations: [annotation],
    });
    expect(red.output.summary).toContain('- a workflow run failed: its diagnosis is below');
    // Under the lead, which already shows what failed, the line points up instead of saying it again.
    const lead = '### ❌ What failed: check `typecheck`, tsc (TypeScript)\n\n- `src.ts:2` — error TS2322';
    const led = render({ ci, lead }).output.summary;
    expect(led.startsWith(lead)).toBe(true);
    expect(led).toContain('- a workflow run failed: what failed is at the top');
    expect(led).not.toContain('its diagnosis is below');
    expect(red.output.summary).toContain(`2 checks passed.\n\n${ci.section}\n\n### Human gates`);
    expect(
      render({ ci: { ...ci, gate: 'running', title: 'Re-running the failed jobs: build (network-error)' } }),
    ).toMatchObject({ status: 'in_progress' });
    expect(
      render({ ci: { ...ci, gate: 'passed', title: 'Passed on re-run: flaky: build (network-error)' } }),
    ).toMatchObject({ status: 'completed', conclusion: 'success' });
    expect(render({})).not.toHaveProperty('annotations');
  });
});
