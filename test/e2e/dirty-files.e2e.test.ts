import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempRepos, writeFiles } from '../helpers/temp-repo.js';
import { runClosedLoop } from './run-helpers.js';

const repos = tempRepos({ linkNodeModules: true });

describe("--allow-dirty: a fixer that rewrites the user's untracked file", () => {
  it("leaves it uncommitted and prints the exact command that brings the user's version back, which works", () => {
    const dir = repos({
      '.github/closed-loop.yml':
        'version: 1\nchecks:\n  - name: format\n    type: lint\n    command: npx prettier --check src\n',
      'src/a.js': 'const a   =  1\n',
    });
    const mine = 'const   mine = "my own draft"\n';
    writeFiles(dir, { 'src/draft.js': mine });
    const r = runClosedLoop(dir, ['--allow-dirty']);
    expect(r.status, r.stderr).toBe(0);
    expect(readFileSync(join(dir, 'src/draft.js'), 'utf8')).not.toBe(mine); // the fixer did rewrite it
    const command =
      /your version from before the fix: (git restore --source=refs\/closed-loop\/before-fix\/\S+ -- src\/draft\.js)/.exec(
        r.stderr,
      )?.[1];
    expect(command, r.stderr).toBeDefined();
    execSync(command as string, { cwd: dir });
    expect(readFileSync(join(dir, 'src/draft.js'), 'utf8')).toBe(mine);
  });
});
