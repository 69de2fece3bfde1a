import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { git } from '../helpers/temp-repo.js';
import { exampleRepo } from '../e2e/run-helpers.js';
import { runAction, type ActionRun } from './run-action.js';

/** App mode's run (`token: ''`, `push: never`), shared by the cases that only read what it did. */
let appMode: { dir: string; base: string; r: ActionRun };
beforeAll(() => {
  const dir = exampleRepo('lint-autofix');
  const base = git(dir, 'rev-parse', 'HEAD');
  appMode = { dir, base, r: runAction(dir, { token: '', push: 'never' }) };
});

// The lint-autofix example: the loop fixes it in the runner's checkout, so whether the step is green depends
// only on who is to get that fix onto the pull request.
describe('the bundled Action with an empty token: App mode or a missing token', () => {
  it("token '' with push never (App mode, as documented): green, no warning; the App commits fix.patch", () => {
    const { base, r } = appMode;
    expect(r.status, r.stdout).toBe(0);
    expect(r.outputs.status).toBe('success');
    expect(r.outputs['fix-commit']).not.toBe(base);
    expect(r.stdout).not.toMatch(/^::(error|warning)/m);
  });

  it("token '' with push auto (a secret that is not set): a warning naming the token input, and the step fails", () => {
    const dir = exampleRepo('lint-autofix');
    const r = runAction(dir, { token: '', push: 'auto' });
    expect(r.status, r.stdout).toBe(1);
    expect(r.outputs.status).toBe('success');
    const warning = /^::warning::(.*)$/m.exec(r.stdout)?.[1] ?? '';
    expect(warning).toContain('the `token` input is empty');
    expect(warning).toMatch(/secret is not set/);
    expect(warning).toMatch(/Dependabot/);
    expect(warning).toMatch(/forks/);
    expect(warning).toContain('`push: never`');
    expect(r.stdout).toMatch(
      /^::error::closed-loop: every check passes with .*not pushed, so the pull request's head still fails/m,
    );
  });

  it('the token input left out (the default push: auto) is the same missing token', () => {
    const dir = exampleRepo('lint-autofix');
    const r = runAction(dir);
    expect(r.status, r.stdout).toBe(1);
    expect(r.stdout).toMatch(/^::warning::closed-loop: the `token` input is empty/m);
  });

  it("token '' with push auto and fail-on never: the warning, but the step stays green", () => {
    const dir = exampleRepo('lint-autofix');
    const r = runAction(dir, { token: '', 'fail-on': 'never' });
    expect(r.status, r.stdout).toBe(0);
    expect(r.stdout).toMatch(/^::warning::closed-loop: the `token` input is empty/m);
    expect(r.stdout).not.toMatch(/^::error/m);
  });
});

// Moved from action.e2e.test.ts to share App mode's run above.
describe('the bundled Action, run as the runner runs it', () => {
  it('auto-fixed (App mode): fix-commit output, and a fix.patch that applies to the original tree', () => {
    const { dir, base, r } = appMode;
    expect(r.status, r.stdout).toBe(0);
    expect(r.outputs.status).toBe('success');
    expect(r.outputs).toMatchObject({ pattern: 'format-error', category: 'format' }); // the last failure it fixed
    expect(r.outputs['fix-commit']).toBe(git(dir, 'rev-parse', 'HEAD'));
    expect(r.outputs['fix-commit']).not.toBe(base);
    const patch = join(r.runnerTemp, 'closed-loop', 'fix.patch');
    expect(readFileSync(patch, 'utf8')).toContain('closed-loop: auto_fix for');
    // The original tree in a clone, so the shared checkout stays as the run left it.
    const original = mkdtempSync(join(tmpdir(), 'closed-loop-original-'));
    execFileSync('git', ['clone', '-q', dir, original]);
    git(original, 'checkout', '-q', base);
    execFileSync('git', ['apply', '--check', patch], { cwd: original });
    expect(r.summary).toContain((r.outputs['fix-commit'] ?? '').slice(0, 7));
    expect(r.summary).toContain('nothing was pushed');
  });
});
