import { describe, expect, it } from 'vitest';
import { git } from '../helpers/temp-repo.js';
import { exampleRepo } from '../e2e/run-helpers.js';
import { runAction } from './run-action.js';

// The lint-autofix example: the loop fixes it in the runner's checkout, so whether the step is green depends
// only on who is to get that fix onto the pull request.
describe('the bundled Action with an empty token: App mode or a missing token', () => {
  it("token '' with push never (App mode, as documented): green, no warning; the App commits fix.patch", () => {
    const dir = exampleRepo('lint-autofix');
    const base = git(dir, 'rev-parse', 'HEAD');
    const r = runAction(dir, { token: '', push: 'never' });
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
