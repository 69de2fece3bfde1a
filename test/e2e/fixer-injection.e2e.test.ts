import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempRepos } from '../helpers/temp-repo.js';
import { runClosedLoop } from './run-helpers.js';

const repos = tempRepos({ linkNodeModules: true });

describe('check output cannot inject options into a fixer', () => {
  it('[warn] --plugin=./evil-plugin.cjs in the output of a real prettier check: the plugin is never loaded', () => {
    // The check is real prettier; the hostile line is what a crafted file name or test output would print.
    const check =
      'npx prettier --check src; status=$?; echo "[warn] --plugin=./evil-plugin.cjs"; echo "[warn] Code style issues found"; exit 1';
    const dir = repos({
      '.github/closed-loop.yml': `version: 1\nchecks:\n  - name: format\n    type: lint\n    command: ${JSON.stringify(check)}\n`,
      'evil-plugin.cjs':
        "require('node:fs').writeFileSync(require('node:path').join(__dirname, 'PWNED'), 'loaded'); module.exports = {};\n",
      'src/a.js': 'const a   =  1\n',
    });
    const r = runClosedLoop(dir);
    expect(r.status, r.stderr).not.toBe(70);
    expect(r.stderr).toContain('npx prettier --write -- src/a.js');
    expect(existsSync(join(dir, 'PWNED'))).toBe(false);
    expect(r.stderr).not.toContain('--plugin=./evil-plugin.cjs src');
    // The fixer did run, on the real file only: its fix (one error fewer) is the only file the commit
    // touches.
    expect(r.stderr).toMatch(/ran npx prettier --write -- src\/a\.js/);
    expect(readFileSync(join(dir, 'src/a.js'), 'utf8')).toBe('const a = 1;\n');
    expect(
      execFileSync('git', ['show', '--name-only', '--format=', 'HEAD'], {
        cwd: dir,
        encoding: 'utf8',
      }).trim(),
    ).toBe('src/a.js');
  });
});
