import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LoopResultSchema } from '../../src/core/loop-result.js';
import { commitsSince, exampleRepo, exists, git, isClean, read, runClosedLoop } from './run-helpers.js';

// The bundled examples, end to end: real eslint, prettier, tsc, node --test, npm and git.
describe('closed-loop run on the bundled examples', () => {
  it('auto-fixes lint and format errors, one commit per fix, and ends green', () => {
    const dir = exampleRepo('lint-autofix');
    const base = git(dir, 'rev-parse', 'HEAD');
    const r = runClosedLoop(dir, ['--json', '--verbose']);
    expect(r.status, r.stderr).toBe(0);
    const result = LoopResultSchema.parse(JSON.parse(r.stdout));
    expect(result).toMatchObject({ status: 'success', strategies: ['auto_fix', 'auto_fix'] });
    expect(commitsSince(dir, base)).toEqual([
      'closed-loop: auto_fix for format-error (attempt 3)',
      'closed-loop: auto_fix for lint-error (attempt 2)',
    ]);
    expect(read(dir, 'src/cart.js')).toContain('let sum = 0;');
    expect(isClean(dir)).toBe(true);
    expect(r.stderr).toMatch(/\[closed-loop\] task=\S+ status=success total_attempts=3 duration_ms=\d+/);
    // The attempt lines say whether each fix worked: both were kept, so no attempt reads result=failed.
    expect(
      [...r.stderr.matchAll(/attempt=(\d) pattern=(\S+) strategy=(\S+) result=(\w+)/g)].map((m) =>
        m.slice(1).join(' '),
      ),
    ).toEqual(['1 lint-error auto_fix success', '2 format-error auto_fix success', '3 none none success']);
    // The loop's own files live in the git directory: the working tree holds only the user's files.
    expect(exists(dir, '.git/closed-loop/state.json') && exists(dir, '.git/closed-loop/metrics.json')).toBe(
      true,
    );
    expect(exists(dir, '.closed-loop')).toBe(false);
  });

  it('ends a type error it cannot fix in a dead letter, with the context it gave the agent', () => {
    const dir = exampleRepo('type-error');
    const base = git(dir, 'rev-parse', 'HEAD');
    const r = runClosedLoop(dir);
    expect(r.status, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/✘ dead letter after 3 attempt\(s\): retry_budget_exhausted/);
    const task = /task (\S+);/.exec(r.stderr)?.[1] as string;
    const deadLetter = read(dir, `.git/closed-loop/dead-letter-${task}.md`);
    expect(deadLetter).toMatch(/^---\nentity_name: session\.current\.dead-letter\./);
    expect(deadLetter).toContain('final_pattern: type-error');
    expect(deadLetter).toContain('## Error Chain');
    expect(read(dir, `.git/closed-loop/context-${task}.md`)).toContain('src/order.ts');
    // Both guesses were rolled back: no report claims a file was modified.
    expect(deadLetter).toContain('## Files Modified\n\n- (none)');
    // The terminal ends in a few lines: what failed and where, the error, what was tried, the next step,
    // and the report's path last. The whole report is the file (and is printed with --verbose).
    expect(r.stderr).not.toContain('## Execution Failed');
    const end = r.stderr.slice(r.stderr.indexOf('✘ dead letter'));
    expect(end).toMatch(
      /^✘ dead letter after 3 attempt\(s\): retry_budget_exhausted.*\n {2}failed {6}typecheck: type-error at src\/order\.ts:5\n {14}src\/order\.ts\(5,32\): error TS\d+: .*\n {2}tried {7}context_expand, analyze_then_fix\n {2}next step {3}Read the type definitions.*\n {2}spent: 2 agent run\(s\).*\n {2}report: \.git\/closed-loop\/dead-letter-\S+\.md\n$/,
    );
    expect(end).toContain(`report: .git/closed-loop/dead-letter-${task}.md`);
    // Each guess traded the error for another and made no progress: rolled back, never committed.
    expect(
      r.stderr.match(
        /↺ rolled back to where the fix started: no progress: typecheck still fails with type-error/g,
      ),
    ).toHaveLength(2);
    // Reports name the checkout's files as the repository does, and a failure by its error, not a timing.
    expect(deadLetter).not.toContain(dir);
    expect(r.stderr).not.toMatch(/Failed because: .*\d+ms\b/);
    expect(commitsSince(dir, base)).toEqual([]);
    expect(isClean(dir)).toBe(true);
  });

  it('works from a subdirectory of the repository, as from its root', () => {
    const dir = exampleRepo('lint-autofix');
    const r = runClosedLoop(join(dir, 'src'));
    expect(r.status, r.stderr).toBe(0);
    expect(exists(dir, '.git/closed-loop/state.json')).toBe(true);
  });
});
