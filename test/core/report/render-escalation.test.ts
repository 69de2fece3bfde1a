import { describe, expect, it } from 'vitest';
import { CLI_AGENT_HINT, CLI_RETRY, renderEscalation } from '../../../src/core/report/render-escalation.js';
import { CATALOGUE, aDiagnosis, anAttempt } from '../dead-letter/builders.js';

const attempts = [
  anAttempt({
    pattern_matched: 'lint-error',
    strategy_used: 'auto_fix',
    action: 'Ran eslint --fix',
    error: 'src/app.ts:43:7  error  Unexpected any  @typescript-eslint/no-explicit-any',
  }),
  anAttempt({
    attempt: 2,
    timestamp: '2026-04-04T10:16:45Z',
    action: 'Typed the handler',
    strategy_used: 'context_expand',
  }),
];
const md = renderEscalation({
  taskId: 'task-g7h8i9-fix-build',
  reason:
    'Same type-error pattern with context_expand strategy failed twice. No alternate strategies available.',
  attempts,
  finalDiagnosis: aDiagnosis(),
  patterns: CATALOGUE,
});

describe('renderEscalation', () => {
  it("summarises the seed's three parts and offers the three options", () => {
    expect([...md.matchAll(/^### .*$/gm)].map((m) => m[0])).toEqual([
      '### ❌ What failed: tsc (TypeScript)',
      '### Why the loop stopped',
      '### What was attempted',
      '### Strategies tried',
      '### Guidance',
      '### Options',
    ]);
    expect(md).toContain('1. **Fix manually and retry**');
    expect(md).toContain('2. **Provide additional context**');
    expect(md).toContain('3. **Abort this task**');
  });

  it('says why each attempt failed', () => {
    expect(md).toContain('- **Attempt 1** (10:15:30): Ran eslint --fix');
    expect(md).toContain(
      '  - Failed because: src/app.ts:43:7 error Unexpected any @typescript-eslint/no-explicit-any (pattern `lint-error`, strategy `auto_fix`)',
    );
    expect(md).toContain('(pattern `type-error`, strategy `context_expand`)');
  });

  it('lists strategies tried and left, and guidance per pattern with files and lines', () => {
    expect(md).toContain('- Tried: `auto_fix`, `context_expand`');
    // Only what applies to lint and type errors: no dependency_check, no retry_with_backoff.
    expect(md).toMatch(/^- Not tried: `analyze_then_fix` \([^)]*\)$/m);
    expect(md).toContain('- **lint-error**: Run the linter with --fix, then fix what remains by hand');
    expect(md).toContain('  - Check: `src/app.ts:43`');
    expect(md).toContain('  - Check: `src/types/preferences.d.ts:7`, `src/preferences.ts:12`');
  });

  /** The same escalation rendered with another driver's words. */
  const asDriver = (words: { agentHint?: string; retry?: string }) =>
    renderEscalation({
      taskId: 'pr-2',
      reason: 'no agent',
      attempts,
      finalDiagnosis: aDiagnosis(),
      patterns: CATALOGUE,
      ...words,
    });

  it("names the way to set an agent its caller gives: the CLI's --agent by default, the Action's input when it says so", () => {
    expect(CLI_AGENT_HINT).toBe('pass --agent');
    expect(md).toContain('set `agent.command` in .github/closed-loop.yml or pass --agent.');
    const action = asDriver({ agentHint: "the Action's agent-command input" });
    expect(action).toContain(
      "set `agent.command` in .github/closed-loop.yml or the Action's agent-command input.",
    );
    expect(action).not.toContain('--agent');
  });

  it("gives the retry advice its caller gives: the CLI's `closed-loop resume` by default, another driver's when it says so", () => {
    expect(md).toContain(
      '1. **Fix manually and retry**: fix it, commit, then `closed-loop resume` (on a pull request: push the fix; CI runs the loop again).',
    );
    expect(CLI_RETRY).toBe(
      'fix it, commit, then `closed-loop resume` (on a pull request: push the fix; CI runs the loop again).',
    );
    const action = asDriver({ retry: "push the fix to the pull request's branch." });
    expect(action).toContain("1. **Fix manually and retry**: push the fix to the pull request's branch.\n");
    expect(action).not.toContain('closed-loop resume');
  });
});
