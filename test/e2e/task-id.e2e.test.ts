import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempRepos } from '../helpers/temp-repo.js';
import { runClosedLoop } from './run-helpers.js';

const repos = tempRepos();

describe('--task names report files, so it cannot escape', () => {
  it('--task ../../../x is a usage error naming a safe id; nothing is written outside the repository', () => {
    // The repository sits three levels down in a folder of its own: whatever `../../../x` could reach
    // is inside it, and no other test writes there (the suite runs in parallel).
    const nest = mkdtempSync(join(tmpdir(), 'closed-loop-task-nest-'));
    try {
      mkdirSync(join(nest, 'a/b'), { recursive: true });
      const dir = join(nest, 'a/b/repo');
      renameSync(
        repos({
          '.github/closed-loop.yml':
            'version: 1\nchecks:\n  - name: c\n    type: lint\n    command: "false"\n',
        }),
        dir,
      );
      const outside = () =>
        readdirSync(nest, { recursive: true, encoding: 'utf8' })
          .filter((p) => !p.startsWith(join('a/b/repo', '/')))
          .sort();
      const before = outside();
      const r = runClosedLoop(dir, ['--task', '../../../x']);
      expect(r.status).toBe(2);
      expect(r.stderr).toBe(
        'closed-loop: run: --task "../../../x" may hold only letters, digits, `.`, `_` and `-` (no `/`, no `..`), and must start with a letter, digit or `_`; try --task x\n',
      );
      expect(outside()).toEqual(before);
      expect(existsSync(join(dir, '.git/closed-loop', 'state.json'))).toBe(false);
    } finally {
      rmSync(nest, { recursive: true, force: true });
    }
  });
});
