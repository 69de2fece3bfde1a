import { describe, expect, it } from 'vitest';
import { prPlan, verdictLabels } from '../../src/action/pr-plan.js';
import type { LoopMemory } from '../../src/core/pull-request/loop-memory.js';
import { LOOP_COMMENT_MARKER } from '../../src/core/pull-request/render-loop-comment.js';
import type { LoopResult } from '../../src/core/loop-result.js';
import { PlanSchema } from '../../src/core/plan/plan-schema.js';
import { mergeMemory } from '../../src/core/pull-request/merge-memory.js';
import { lintFixedHistory } from '../core/pull-request/builders.js';

const HEAD = 'a'.repeat(40);
const SECRET = 'ghs_0123456789abcdefghijklmnopqrstuvwxyzAB';

function result(status: LoopResult['status'], reports: Partial<LoopResult['reports']> = {}): LoopResult {
  return {
    version: 1,
    task_id: 'pr-42',
    status,
    reason: null,
    attempts: 1,
    pattern: null,
    category: null,
    signature: null,
    strategies: [],
    checks: [],
    diagnosis: null,
    fix_commits: [],
    head: { start: HEAD, end: HEAD },
    files_modified: [],
    reports: { dead_letter: null, escalation: null, ...reports },
    history: [],
    started_at: '2026-01-01T00:00:00Z',
    finished_at: '2026-01-01T00:00:01Z',
    duration_ms: 1000,
  };
}
const memory = (status: LoopMemory['status']): LoopMemory => ({
  version: 1,
  head_sha: HEAD,
  task_id: 'pr-42',
  attempts: [],
  fix_commits: [],
  bot_pushes: 0,
  status,
});

describe('prPlan', () => {
  it.each([
    ['success', []],
    ['escalated', ['loop:blocked']],
    ['failed', ['loop:dead-letter']],
    ['interrupted', []],
  ] as const)('%s → labels %j', (status, labels) => {
    expect(verdictLabels(status)).toEqual(labels);
  });

  it("success: only the loop comment, its marker once; a stale verdict label is removed; others, and the App's gate labels, are left alone", () => {
    const plan = prPlan({
      memory: memory('success'),
      result: result('success'),
      headSha: HEAD,
      labels: ['loop:blocked', 'bug', 'needs:security-review', 'approved:security'],
      secrets: [],
    });
    expect(PlanSchema.parse(plan)).toEqual(plan);
    expect(plan.map((w) => w.kind)).toEqual(['remove_labels', 'upsert_comment']);
    expect(plan[0]).toEqual({ kind: 'remove_labels', labels: ['loop:blocked'] });
    const comment = plan[1];
    expect(comment).toMatchObject({ marker: LOOP_COMMENT_MARKER });
    expect(comment?.kind === 'upsert_comment' && comment.body.includes(LOOP_COMMENT_MARKER)).toBe(false);
  });

  it('a dead letter: labels ensured before loop:dead-letter is added, and the report keyed by the head, masked', () => {
    const plan = prPlan({
      memory: memory('failed'),
      result: result('failed', { dead_letter: `# Dead letter\ntoken ${SECRET}\n` }),
      headSha: HEAD,
      labels: [],
      secrets: [SECRET],
    });
    expect(plan.map((w) => w.kind)).toEqual([
      'ensure_labels',
      'add_labels',
      'upsert_comment',
      'upsert_comment',
    ]);
    expect(plan[1]).toEqual({ kind: 'add_labels', labels: ['loop:dead-letter'] });
    const report = plan[3];
    expect(report).toMatchObject({
      kind: 'upsert_comment',
      marker: '<!-- closed-loop:report -->',
      key: HEAD,
    });
    expect(report?.kind === 'upsert_comment' && report.body).toContain('# Dead letter');
    expect(JSON.stringify(plan)).not.toContain(SECRET);
  });

  it('a failure: the sticky comment and the report start with the check, file:line linked at the head, and the message', () => {
    const message = "error TS2322: Type 'string' is not assignable to type 'number'.";
    const failed: LoopResult = {
      ...result('escalated', { escalation: '## Escalation: pr-42\n\nblocked\n' }),
      checks: [{ name: 'typecheck', passed: false, timed_out: false, duration_ms: 900 }],
      diagnosis: {
        pattern: 'type-error',
        category: 'type',
        confidence: 0.9,
        strategy: 'context_expand',
        retryable: true,
        locations: [{ file: 'src/index.ts', line: 1, column: 14 }],
        messages: [message],
        signature: 'type-error:ts:00000000',
        evidence: { startLine: 1, endLine: 1, text: `src/index.ts(1,14): ${message}` },
        alternatives: [],
      },
    };
    const plan = prPlan({
      memory: memory('escalated'),
      result: failed,
      headSha: HEAD,
      labels: [],
      secrets: [],
      blobBase: { serverUrl: 'https://github.com', repository: 'o/r', sha: HEAD },
    });
    const bodies = plan.flatMap((w) => (w.kind === 'upsert_comment' ? [w.body] : []));
    const linked = `- [\`src/index.ts:1\`](https://github.com/o/r/blob/${HEAD}/src/index.ts#L1) — ${message}`;
    expect(bodies).toHaveLength(2);
    for (const body of bodies) {
      const first = body.split('\n').slice(0, 6).join('\n');
      expect(first).toContain('### ❌ What failed: check `typecheck`, tsc (TypeScript)');
      expect(first).toContain(linked);
    }
  });

  it('already labelled: no label writes at all', () => {
    const plan = prPlan({
      memory: memory('escalated'),
      result: result('escalated', { escalation: 'blocked' }),
      headSha: HEAD,
      labels: ['loop:blocked'],
      secrets: [],
    });
    expect(plan.map((w) => w.kind)).toEqual(['upsert_comment', 'upsert_comment']);
  });

  it('the same structure as the App: the stage, the budget rows, and the report footer naming the run', () => {
    const plan = prPlan({
      memory: memory('escalated'),
      result: result('escalated', { escalation: '# Escalated\n' }),
      headSha: HEAD,
      labels: ['loop:blocked'],
      secrets: [],
      runUrl: 'https://github.com/o/r/actions/runs/7',
      runId: 7,
      limits: { maxAttempts: 10, maxBotPushes: 10, maxAgentRuns: 20 },
    });
    const [sticky, report] = plan.map((w) => (w.kind === 'upsert_comment' ? w.body : ''));
    expect(sticky).toContain('| Stage | **BLOCKED** · Blocked: waiting for a person |');
    expect(sticky).toContain('| Budget left | 10 of 10 attempts · 10 of 10 fix pushes |');
    expect(sticky).toContain('| Agent | 0 runs, 0.0s of agent time · at most 20 runs on this pull request |');
    expect(report).toContain(
      '<sub>From [run 7](https://github.com/o/r/actions/runs/7) on aaaaaaa. Push a fix: the loop runs again on the new head.</sub>',
    );
  });

  it('a pushed fix: the sticky comment names the fix as its commit does, is green on the pushed commit, not on the head that failed, and its Head row shows both', () => {
    const FIX = 'f'.repeat(40);
    const run: LoopResult = {
      ...result('success'),
      attempts: 2,
      pattern: 'lint-error',
      strategies: ['auto_fix'],
      // As the runner records it: the commit is made in attempt 2, which checks the fix attempt 1 chose.
      fix_commits: [{ sha: FIX, attempt: 2, strategy: 'auto_fix', pattern: 'lint-error' }],
      head: { start: HEAD, end: FIX },
      history: lintFixedHistory(),
    };
    const pushed = { sha: FIX };
    const plan = prPlan({
      memory: mergeMemory(null, run, HEAD, pushed),
      result: run,
      headSha: HEAD,
      pushedSha: pushed.sha,
      labels: [],
      secrets: [],
    });
    const sticky = plan.find((w) => w.kind === 'upsert_comment');
    const body = sticky?.kind === 'upsert_comment' ? sticky.body : '';
    expect(body).toContain('- Pushed fix fffffff: closed-loop: auto_fix for lint-error (attempt 2)');
    expect(body).not.toContain('unrecognised');
    expect(body).toContain("Green: the loop's checks pass on `fffffff`");
    expect(body).not.toContain('pass on `aaaaaaa`');
    // The Head row names both: the branch's head now (the fix) and the head the loop checked.
    expect(body).toContain('| Head | `fffffff`: the fix the loop pushed on `aaaaaaa`, the head it checked |');
  });
});
