import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTempRepo } from '../helpers/temp-repo.js';
import { commitsSince, git, isClean, runClosedLoop } from './run-helpers.js';

/** A test check that fails until `fixed.txt` exists, and an agent scripted per test. */
const CHECK =
  "import fs from 'node:fs';\nif (!fs.existsSync('fixed.txt')) { console.error('AssertionError: expected 1 to be 2'); process.exit(1); }\n";
const TOKEN = `ghp_${'Zx9'.repeat(12)}`;
function repo(agent: string, limits: string): string {
  return createTempRepo({
    'check.mjs': CHECK,
    'agent.mjs': agent,
    '.github/closed-loop.yml': `version: 1\nchecks:\n  - { name: test, type: test, command: node check.mjs }\nagent:\n  command: node agent.mjs\n  timeout: 30\n${limits}\n`,
  });
}

describe('closed-loop run: the agent on a budget', () => {
  it('escalates when the agent used its runs for the task, with what it spent; its output is in the logs, masked', () => {
    const dir = repo(
      `import fs from 'node:fs';\nconsole.log('agent here, token ${TOKEN}');\nfs.writeFileSync('notes.txt', String(Date.now()));\n`,
      '  max_runs: { per_task: 1 }',
    );
    const base = git(dir, 'rev-parse', 'HEAD');
    const r = runClosedLoop(dir);
    expect(r.status, r.stderr).toBe(3);
    expect(r.stderr).toMatch(
      /escalated after \d attempt\(s\): the agent budget is spent: 1 of at most 1 agent runs for this task \(agent\.max_runs\.per_task\); spent: 1 agent run\(s\), \d+s \(at most 1 a task, 20 on a pull request, 30s each\)/,
    );
    const result = JSON.parse(readFileSync(join(dir, '.git/closed-loop', 'result.json'), 'utf8')) as {
      agent: { runs: number; duration_ms: number };
    };
    expect(result.agent.runs).toBe(1);
    const log = /output in (\S+agent\.log)/.exec(r.stderr)?.[1] ?? '';
    const text = readFileSync(join(dir, log), 'utf8');
    expect(text).toContain('agent here, token ');
    expect(text).not.toContain(TOKEN);
    expect(commitsSince(dir, base)).toEqual([]);
  });

  it('rolls back and escalates an agent change over agent.max_files', () => {
    const dir = repo(
      "import fs from 'node:fs';\nfor (const f of ['fixed.txt', 'a.txt', 'b.txt']) fs.writeFileSync(f, 'x\\n');\n",
      '  max_files: 2',
    );
    const r = runClosedLoop(dir);
    expect(r.status, r.stderr).toBe(3);
    expect(r.stderr).toMatch(
      /the agent changed 3 files; at most 2 are allowed \(agent\.max_files\); the change was rolled back/,
    );
    expect(isClean(dir)).toBe(true);
  });
});
