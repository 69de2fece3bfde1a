import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempRepos } from '../helpers/temp-repo.js';
import { runClosedLoop } from './run-helpers.js';

const repos = tempRepos();

describe('--task names report files, so it cannot escape', () => {
  it('--task ../../../x is a usage error naming a safe id; nothing is written outside the repository', () => {
    const dir = repos({ '.github/closed-loop.yml': 'version: 1\nchecks:\n  - name: c\n    type: lint\n    command: "false"\n' });
    const before = readdirSync(dirname(dir));
    const r = runClosedLoop(dir, ['--task', '../../../x']);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('closed-loop: run: --task "../../../x" may hold only letters, digits, `.`, `_` and `-` (no `/`, no `..`), and must start with a letter, digit or `_`; try --task x\n');
    expect(readdirSync(dirname(dir))).toEqual(before);
    expect(existsSync(join(dir, '.git/closed-loop', 'state.json'))).toBe(false);
  });
});
