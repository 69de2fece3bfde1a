import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { agentEnv } from '../../../src/runner/fixers/agent-env.js';
import { runAgent } from '../../../src/runner/fixers/run-agent.js';

const cwd = mkdtempSync(join(tmpdir(), 'closed-loop-agent-env-'));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

describe('the agent gets an allow-listed environment', () => {
  it('keeps PATH, HOME, LANG, LC_* and CLOSED_LOOP_*; drops tokens unless agent.env names them', () => {
    const env = {
      PATH: '/bin',
      HOME: '/h',
      LANG: 'C',
      LC_ALL: 'C',
      CLOSED_LOOP_X: '1',
      NPM_TOKEN: 'n',
      GITHUB_TOKEN: 'g',
      ANTHROPIC_API_KEY: 'k',
      AWS_SECRET_ACCESS_KEY: 'a',
    };
    expect(agentEnv(env, [])).toEqual({
      PATH: '/bin',
      HOME: '/h',
      LANG: 'C',
      LC_ALL: 'C',
      CLOSED_LOOP_X: '1',
    });
    expect(agentEnv(env, ['ANTHROPIC_API_KEY'])).toMatchObject({ ANTHROPIC_API_KEY: 'k' });
  });

  it('a real agent process sees no NPM_TOKEN, but PATH and the variable the config lists', async () => {
    process.env.NPM_TOKEN = 'npm-secret-for-agent-test';
    process.env.AGENT_EXTRA = 'yes';
    try {
      const run = (allowEnv: string[]) =>
        runAgent({
          command:
            'test -z "$NPM_TOKEN" && test -n "$PATH" && test "$AGENT_EXTRA" = yes && test -n "$CLOSED_LOOP_TASK"',
          timeoutSeconds: 20,
          cwd,
          contextPath: 'ctx.json',
          prompt: '',
          taskId: 't',
          strategy: 'analyze_then_fix',
          allowEnv,
        });
      expect((await run(['AGENT_EXTRA'])).applied).toBe(true);
      expect((await run([])).applied).toBe(false);
    } finally {
      delete process.env.NPM_TOKEN;
      delete process.env.AGENT_EXTRA;
    }
  });
});
