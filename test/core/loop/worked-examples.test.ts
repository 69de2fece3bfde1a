import { describe, expect, it } from 'vitest';
import { computeMetrics } from '../../../src/core/loop/index.js';
import { drive, newTask } from './builders.js';

describe("the seed's worked examples", () => {
  it('1: a lint error is auto-fixed and the task succeeds in 2 attempts', () => {
    const { state, lines } = drive(newTask('task-a1b2c3-add-button', null, ['src/components/Button.tsx']), [
      {
        passed: false,
        check: 'lint',
        output: 'ESLint: Missing semicolon. (semi) at src/components/Button.tsx:12:3',
        pattern: 'lint-error',
      },
      { passed: true },
    ]);
    expect(state.status).toBe('success');
    expect(state.phase).toBe('SUCCESS');
    expect(state.attempts).toHaveLength(2);
    expect(state.attempts[0]).toMatchObject({
      pattern_matched: 'lint-error',
      strategy_used: 'auto_fix',
      result: 'lint failed',
    });
    expect(state.attempts[1]).toMatchObject({
      pattern_matched: null,
      strategy_used: null,
      error: null,
      result: 'All checks passed',
    });
    expect(computeMetrics(state).per_execution.files_modified).toEqual(['src/components/Button.tsx']);
    expect(lines).toEqual([
      '[closed-loop] task=task-a1b2c3-add-button validation=passed gates=2 violations=0',
      '[closed-loop] task=task-a1b2c3-add-button attempt=1 pattern=lint-error strategy=auto_fix result=failed',
      '[closed-loop] task=task-a1b2c3-add-button validation=passed gates=2 violations=0',
      '[closed-loop] task=task-a1b2c3-add-button attempt=2 pattern=none strategy=none result=success',
      '[closed-loop] task=task-a1b2c3-add-button status=success total_attempts=2 duration_ms=10000',
    ]);
  });

  it('2: a type error is fixed with context_expand in 2 attempts', () => {
    const { state } = drive(newTask('task-d4e5f6-fix-types', null, ['src/api/client.ts']), [
      {
        passed: false,
        check: 'type',
        output: "error TS2322: Type 'string' is not assignable to type 'number'.\nsrc/utils.ts:15:3",
        pattern: 'type-error',
      },
      { passed: true },
    ]);
    expect(state.status).toBe('success');
    expect(state.attempts.map((a) => a.strategy_used)).toEqual(['context_expand', null]);
  });

  it("3: the same build error twice with no alternate left → escalated with the seed's reason", () => {
    const output = 'Build failed: webpack.config.js: Module parse failed: Unexpected token (12:4)';
    const { state, lines } = drive(newTask('task-g7h8i9-fix-build', 2, ['webpack.config.js']), [
      { passed: false, check: 'build', output, pattern: 'build-error' },
      { passed: false, check: 'build', output: output.replace('(12:4)', '(13:9)'), pattern: 'build-error' },
    ]);
    expect(state.status).toBe('escalated');
    expect(state.phase).toBe('ESCALATE');
    expect(state.attempts).toHaveLength(2);
    expect(state.escalation_reason).toBe(
      'Same build-error pattern with analyze_then_fix strategy failed twice. No alternate strategies available.',
    );
    expect(lines.at(-2)).toBe(
      '[closed-loop] task=task-g7h8i9-fix-build attempt=2 pattern=build-error strategy=none result=failed',
    );
    expect(lines.at(-1)).toMatch(
      /^\[closed-loop\] task=task-g7h8i9-fix-build status=escalated total_attempts=2 duration_ms=\d+$/,
    );
  });

  it('4: type errors three times → dead letter, retry_budget_exhausted', () => {
    const { state, lines } = drive(newTask('task-j0k1l2-complex-refactor', 3), [
      {
        passed: false,
        check: 'type',
        output: "error TS2322: Type 'undefined' is not assignable to type 'Preferences'.",
        pattern: 'type-error',
      },
      {
        passed: false,
        check: 'type',
        output: "error TS2339: Property 'theme' does not exist on type 'Partial<Preferences>'.",
        pattern: 'type-error',
      },
      {
        passed: false,
        check: 'type',
        output: 'error TS2456: Type alias Preferences circularly references itself.',
        pattern: 'type-error',
      },
    ]);
    expect(state.status).toBe('failed');
    expect(state.phase).toBe('DEAD_LETTER');
    expect(state.attempts).toHaveLength(3);
    expect(state.attempts.map((a) => a.strategy_used)).toEqual(['context_expand', 'analyze_then_fix', null]);
    expect(state.dead_letter?.reason).toBe('retry_budget_exhausted');
    expect(lines.slice(-2)).toEqual([
      '[closed-loop] task=task-j0k1l2-complex-refactor dead_letter reason=retry_budget_exhausted',
      expect.stringMatching(/status=failed total_attempts=3 duration_ms=\d+$/),
    ]);
  });
});
