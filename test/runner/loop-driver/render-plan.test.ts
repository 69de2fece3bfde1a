import { describe, expect, it } from 'vitest';
import { renderPlan, type RunPlan } from '../../../src/runner/loop-driver/plan-run.js';
import { diagnosis } from '../../core/loop/builders.js';

const FIX = {
  kind: 'fix' as const,
  strategy: 'auto_fix' as const,
  command: 'npx eslint --fix src/a.ts',
  reason: 'lint-error',
};

const plan = (over: Partial<RunPlan> = {}): RunPlan => ({
  checks: [{ name: 'lint', command: 'npm run lint', passed: false, duration_ms: 1 }],
  source: 'detected',
  dirty: [],
  refused: null,
  commit: true,
  failing: 'lint',
  diagnosis: diagnosis('lint-error'),
  next: FIX,
  failures: [{ check: 'lint', diagnosis: diagnosis('lint-error'), next: FIX }],
  ...over,
});

describe('renderPlan says what a run with these options would do', () => {
  it('a fix a run makes, committed or (--no-commit) left staged', () => {
    expect(renderPlan(plan())).toContain('next: would run auto_fix: npx eslint --fix src/a.ts\n');
    expect(renderPlan(plan({ commit: false }))).toContain(
      'next: would run auto_fix: npx eslint --fix src/a.ts (its change left staged, not committed: --no-commit)\n',
    );
  });

  it('a dirty tree: without --allow-dirty a run refuses to start; with it, the changes are left as they are', () => {
    const refused = renderPlan(
      plan({
        dirty: ['src/mine.ts'],
        refused: 'the working tree has uncommitted changes (src/mine.ts); commit or stash them',
      }),
    );
    expect(refused).toContain(
      'a run refuses to start: the working tree has uncommitted changes (src/mine.ts); commit or stash them\n' +
        'on the tree as it is, once a run may start:\n',
    );
    expect(refused).not.toContain('a real run needs');
    const allowed = renderPlan(plan({ dirty: ['src/mine.ts'] }));
    expect(allowed).toContain(
      'note: the tree has uncommitted changes (src/mine.ts); with --allow-dirty a run leaves them as they are',
    );
    expect(allowed).not.toContain('refuses');
  });
});
