import { describe, expect, it } from 'vitest';
import { createTempRepo } from '../helpers/temp-repo.js';
import { commitsSince, git, isClean, runClosedLoop } from './run-helpers.js';

/**
 * A failure whose fix is under .github/ (a forbidden path): the loop's fix is refused and rolled back,
 * and the run says so — a person must fix it, where the tool said — instead of asking for an agent that
 * would be refused the same way.
 */
describe('a lint error under .github/', () => {
  it("escalates at once: the fix would change .github/, which the loop never writes; what failed is eslint's error at its place", () => {
    const dir = createTempRepo(
      {
        'package.json': JSON.stringify({
          name: 'p',
          private: true,
          type: 'module',
          scripts: { lint: 'eslint .' },
        }),
        'eslint.config.js': "export default [{ files: ['**/*.js'], rules: { 'no-var': 'error' } }];\n",
        '.github/scripts/release.js': "export function tag() {\n  var name = 'v1';\n  return name;\n}\n",
      },
      { linkNodeModules: true },
    );
    const base = git(dir, 'rev-parse', 'HEAD');
    const r = runClosedLoop(dir);
    expect(r.status, r.stderr).toBe(3);
    expect(r.stderr).toContain(
      'the fix (auto_fix) has to change .github/scripts/release.js, under .github/**, which the loop never writes (forbidden_paths), nor would an agent: it was rolled back, and a person must fix it there',
    );
    expect(r.stderr).not.toContain('no agent configured');
    // What failed is eslint's error, at its place under .github/ (reported, never written).
    expect(r.stderr).toMatch(/^ {2}failed {6}\S+: lint-error at \.github\/scripts\/release\.js:2$/m);
    expect(commitsSince(dir, base)).toEqual([]);
    expect(isClean(dir)).toBe(true);
  });
});
