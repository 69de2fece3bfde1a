import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';

// A folder with a config whose one check leaves a mark when it runs; no git repository around it.
const dir = mkdtempSync(join(tmpdir(), 'closed-loop-no-git-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(
  join(dir, 'closed-loop.yml'),
  'version: 1\nchecks:\n  - { name: mark, type: test, command: "touch ran.txt" }\n',
);
const NOT_A_REPO = /^closed-loop: not a git repository: .*run git init \(and commit once\)/;

describe('outside a git repository', () => {
  it('run --dry-run refuses as a run does, before any check runs', () => {
    const dry = runCli(['run', '--dry-run', '--config', 'closed-loop.yml'], { cwd: dir });
    expect(existsSync(join(dir, 'ran.txt'))).toBe(false);
    const real = runCli(['run', '--config', 'closed-loop.yml'], { cwd: dir });
    expect(real.status).toBe(2);
    expect(real.stderr).toMatch(NOT_A_REPO);
    expect(dry.status).toBe(2);
    expect(dry.stderr).toBe(real.stderr);
    expect(dry.stdout).toBe('');
  });

  it.each(['status', 'stats', 'resume', 'status --json', 'stats --json'])(
    '%s says it is not a git repository and exits as run does',
    (command) => {
      const r = runCli(command.split(' '), { cwd: dir });
      expect(r.stderr).toMatch(NOT_A_REPO);
      expect(r.status).toBe(2);
      expect(r.stdout).toBe('');
    },
  );
});
