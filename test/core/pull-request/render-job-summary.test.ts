import { describe, expect, it } from 'vitest';
import { PATCH_MAX_BYTES } from '../../../src/core/pull-request/render-patch-section.js';
import { SUMMARY_MAX_BYTES, renderJobSummary } from '../../../src/core/pull-request/render-job-summary.js';
import {
  aDeadLetterResult,
  aDiagnosis,
  aLoopResult,
  anAttempt,
  lintFixedHistory,
  SHA_A,
} from './builders.js';

const bytes = (text: string) => new TextEncoder().encode(text).length;
/** The verdict: the first bold line, after what failed when something did. */
const verdictOf = (md: string) => md.split('\n').find((l) => l.startsWith('**'));
const PATCH =
  'diff --git a/src/cart.js b/src/cart.js\n--- a/src/cart.js\n+++ b/src/cart.js\n@@ -3 +3 @@\n-var total = 0;\n+let total = 0;\n';

describe('renderJobSummary: the verdict line', () => {
  it.each([
    ['success', aLoopResult(), '**✅ Success**: every check passes after 2 attempts in 2.4s; 1 fix commit.'],
    [
      'dead letter',
      aDeadLetterResult(),
      '**❌ Dead letter**: the loop gave up after 2 attempts in 2.4s: retry_budget_exhausted: type-error twice under context_expand',
    ],
    [
      'escalated',
      aLoopResult({
        status: 'escalated',
        reason: 'permission-denied is not retryable',
        attempts: 1,
        fix_commits: [],
      }),
      '**⚠️ Escalated**: a person is needed after 1 attempt in 2.4s: permission-denied is not retryable',
    ],
    [
      'interrupted',
      aLoopResult({ status: 'interrupted', reason: 'interrupted (Ctrl-C)', fix_commits: [] }),
      '**⚠️ Interrupted** after 2 attempts in 2.4s: interrupted (Ctrl-C)',
    ],
  ])('%s', (_name, result, verdict) => {
    const md = renderJobSummary(result);
    expect(md.startsWith('## closed-loop\n')).toBe(true);
    if (result.status !== 'success' && result.diagnosis !== null)
      expect(md.split('\n')[2]).toMatch(/^### ❌ What failed: check `typecheck`/);
    expect(verdictOf(md)).toBe(verdict);
  });

  it("says which attempts an earlier run made, so this run's time is not read as theirs", () => {
    // Attempt 1 (4.0 s) was an earlier CI run's, carried in the PR's memory; this run took 2.4 s.
    const history = lintFixedHistory();
    history[0] = { ...history[0]!, timestamp: '2026-04-04T09:50:00Z', duration_ms: 4000 };
    const md = renderJobSummary(aLoopResult({ history }));
    expect(verdictOf(md)).toBe(
      '**✅ Success**: every check passes after 2 attempts (1 of them in an earlier run; this run took 2.4s); 1 fix commit.',
    );
    expect(md).toContain('_Attempt 1 was made by an earlier run on this pull request._');
  });

  it('names the task, the pattern and the run', () => {
    const md = renderJobSummary(aDeadLetterResult(), { runUrl: 'https://github.com/o/r/actions/runs/42' });
    expect(md).toContain(
      'Task `main-e9702ae` · pattern `type-error` (type) · signature `type-error:ts:4c964720` · [workflow run](https://github.com/o/r/actions/runs/42)',
    );
  });
});

describe('renderJobSummary: tables', () => {
  it('has one row per check with its result, the failure and what the loop did in words, and its duration', () => {
    const md = renderJobSummary(
      aDeadLetterResult({
        checks: [
          { name: 'typecheck', passed: false, timed_out: false, duration_ms: 4200 },
          { name: 'test', passed: true, timed_out: false, duration_ms: 65_000 },
          { name: 'e2e', passed: false, timed_out: true, duration_ms: 600_000 },
        ],
        failing_checks: [
          {
            name: 'typecheck',
            pattern: 'type-error',
            timed_out: false,
            strategy: 'context_expand',
            done: 'worked on: context_expand, analyze_then_fix tried',
          },
          {
            name: 'e2e',
            pattern: 'timeout',
            timed_out: true,
            strategy: 'retry_with_backoff',
            done: 'not worked on: the loop stopped on typecheck first',
          },
        ],
      }),
    );
    expect(md).toContain(
      '| Check | Result | Failure | What the loop did | Duration |\n| --- | --- | --- | --- | --- |\n' +
        '| typecheck | ❌ failed | type error | had the agent fix it, with the definitions the code depends on; then had the agent fix it at the failing line; still failing | 4.2s |\n' +
        '| test | ✅ passed | – | – | 1m 05s |\n' +
        '| e2e | ⏱️ timed out | timeout | not worked on: the loop works on one failure at a time; next: re-run the check after a pause | 10m 00s |',
    );
  });

  it('has one row per attempt: number, pattern, strategy, duration, outcome (and the fix commit a kept fix became)', () => {
    // As the loop records it: the fix chosen on attempt 1 is committed during attempt 2, which checks it.
    const md = renderJobSummary(
      aLoopResult({ fix_commits: [{ sha: SHA_A, attempt: 2, strategy: 'auto_fix', pattern: 'lint-error' }] }),
    );
    expect(md).toContain('| # | Pattern | Strategy | Duration | Outcome |');
    expect(md).toContain(
      "| 1 | lint error | ran the tool's own fix (such as eslint --fix, prettier --write) | 0.5s | lint failed; fix kept: a1b2c3d |",
    );
    expect(md).toContain('| 2 | – | none needed | 0.8s | All checks passed |');
  });

  it('names a strategy on every attempt: a fix that was not kept, and the one the loop stopped short of', () => {
    const history = [
      anAttempt({
        attempt: 1,
        result: 'typecheck failed',
        error: 'x',
        pattern_matched: 'type-error',
        strategy_used: 'context_expand',
        duration_ms: 500,
      }),
      anAttempt({
        attempt: 2,
        result: 'typecheck failed',
        error: 'x',
        pattern_matched: 'type-error',
        strategy_used: null,
        duration_ms: 500,
      }),
    ];
    const md = renderJobSummary(
      aLoopResult({
        status: 'escalated',
        history,
        fix_commits: [],
        diagnosis: aDiagnosis({ strategy: 'analyze_then_fix' }),
      }),
    );
    expect(md).toContain(
      '| 1 | type error | had the agent fix it, with the definitions the code depends on | 0.5s | typecheck failed; no fix kept |',
    );
    expect(md).toContain(
      '| 2 | type error | none (stopped before it would have the agent fix it at the failing line) | 0.5s | typecheck failed |',
    );
    expect(md).not.toMatch(/^\| \d+ \|[^|]*\| – \|/m);
  });

  it('escapes pipes and HTML in cells so a log cannot break the table', () => {
    const md = renderJobSummary(
      aLoopResult({ checks: [{ name: 'a|b <!-- x', passed: true, timed_out: false, duration_ms: 1 }] }),
    );
    expect(md).toContain('| a\\|b &lt;!-- x | ✅ passed | – | – | 0.0s |');
  });

  it('says so when nothing ran', () => {
    expect(renderJobSummary(aLoopResult({ checks: [], history: [] }))).toContain('_No checks ran._');
  });
});

describe('renderJobSummary: fixes, reports and patches', () => {
  it('lists pushed fix commits with their commit subject', () => {
    const md = renderJobSummary(aLoopResult(), { pushed: { sha: SHA_A } });
    expect(md).toContain(
      '### Fix commits\n\n- Pushed fix a1b2c3d: closed-loop: auto_fix for lint-error (attempt 1)',
    );
  });

  it('folds the dead-letter report into <details>', () => {
    const md = renderJobSummary(aDeadLetterResult());
    expect(md).toContain(
      '<details>\n<summary>Dead-letter report</summary>\n\n# Dead letter: main-e9702ae\n\n## Why it stopped\n\nThe same type-error twice.\n\n</details>',
    );
    expect(md).not.toContain('Escalation report');
  });

  it('folds the escalation report too', () => {
    const md = renderJobSummary(
      aLoopResult({
        status: 'escalated',
        reports: { dead_letter: null, escalation: '## Escalation\n\nNeeds a person.' },
      }),
    );
    expect(md).toMatch(
      /<summary>Escalation report<\/summary>\n\n## Escalation\n\nNeeds a person.\n\n<\/details>/,
    );
  });

  it('shows an unpushed patch (a fork) with git apply instructions', () => {
    const md = renderJobSummary(aLoopResult(), {
      patch: PATCH,
      pushed: null,
      notes: ['Not pushed: the pull request comes from a fork.'],
    });
    expect(md).toContain('- Fix a1b2c3d (not pushed): closed-loop: auto_fix for lint-error (attempt 1)');
    expect(md).toContain('### Notes\n\n- Not pushed: the pull request comes from a fork.');
    expect(md).toContain('### Fix not pushed');
    expect(md).toContain('git apply --index fix.patch');
    expect(md).toContain(`\`\`\`diff\n${PATCH.trimEnd()}\n\`\`\``);
    expect(md).not.toContain('truncated');
  });

  it('does not show the patch once it was pushed', () => {
    expect(renderJobSummary(aLoopResult(), { patch: PATCH, pushed: { sha: SHA_A } })).not.toContain(
      '```diff',
    );
  });

  it('cuts a patch over 60 KB at a line and says so', () => {
    const big = `${PATCH}${'+const line = 1; // padding padding padding\n'.repeat(3000)}`;
    const md = renderJobSummary(aLoopResult(), { patch: big });
    const diff = /```diff\n([\s\S]*?)\n```/.exec(md)?.[1] ?? '';
    expect(bytes(diff)).toBeLessThanOrEqual(PATCH_MAX_BYTES);
    expect(diff.endsWith('padding')).toBe(true);
    expect(md).toContain(`> The patch is ${(bytes(big) / 1024).toFixed(1)} KB; only its first`);
    expect(md).toContain("Apply the artifact's `fix.patch`, not this excerpt.");
    expect(md).toMatch(/<summary>fix\.patch \([\d.]+ KB, truncated\)<\/summary>/);
  });
});

describe('renderJobSummary: the 1 MiB cap', () => {
  it('stays under 1 MiB, keeps the verdict and tables, and says it was cut', () => {
    const notes = Array.from({ length: 700 }, (_, i) => `note ${i} ${'€'.repeat(1990)}`);
    const md = renderJobSummary(aDeadLetterResult(), { notes, patch: PATCH });
    expect(bytes(md)).toBeLessThanOrEqual(SUMMARY_MAX_BYTES);
    expect(verdictOf(md)).toContain('**❌ Dead letter**');
    expect(md).toContain('| typecheck | ❌ failed |');
    expect(md).not.toContain('### Notes');
    expect(md).toContain('<summary>Dead-letter report</summary>');
    expect(md).toContain('```diff');
    expect(
      md
        .trimEnd()
        .endsWith(
          "This summary was cut to stay under 1 MiB, GitHub's limit for a step summary; the full reports are in the `closed-loop-result` artifact.",
        ),
    ).toBe(true);
  });

  it('honours a smaller cap without cutting a section in half', () => {
    const whole = renderJobSummary(aDeadLetterResult());
    const md = renderJobSummary(aDeadLetterResult(), { maxBytes: 1200 });
    expect(bytes(whole)).toBeGreaterThan(1200);
    expect(bytes(md)).toBeLessThanOrEqual(1200);
    expect(md).toContain('This summary was cut to stay under 1200 bytes');
    // Every section kept is whole: the summary is the full one with whole sections left out.
    const sections = (text: string) =>
      text
        .split('\n\n> [!WARNING]')[0]!
        .trim()
        .split(/\n\n(?=### |<details>)/);
    const kept = sections(md);
    expect(kept.length).toBeLessThan(sections(whole).length);
    for (const section of kept) expect(sections(whole)).toContain(section);
  });

  it('adds no note when everything fits', () => {
    expect(renderJobSummary(aDeadLetterResult())).not.toContain('was cut');
  });
});

describe('renderJobSummary: secrets', () => {
  const token = `ghp_${'A1b2'.repeat(9)}`;
  it('masks tokens and extra secrets in the reason, reports, notes and patch', () => {
    const result = aDeadLetterResult({
      reason: `push failed with ${token}`,
      reports: { dead_letter: `curl -H "x: hunter2-secret" ${token}`, escalation: null },
    });
    const md = renderJobSummary(result, {
      secrets: ['hunter2-secret'],
      notes: [`token ${token}`],
      patch: `${PATCH}+const t = "${token}";\n`,
    });
    expect(md).not.toContain(token);
    expect(md).not.toContain('hunter2-secret');
    expect(md).toContain('***');
  });
});
