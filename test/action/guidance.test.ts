import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { renderGuidanceBlock } from '../../src/core/pull-request/guidance.js';
import { LOOP_COMMENT_MARKER } from '../../src/core/pull-request/render-loop-comment.js';
import { useNock } from '../github/github-test-kit.js';
import { createTempRepo, git } from '../helpers/temp-repo.js';
import { synchronizePayload, PR_PATH } from './pr-payload.js';
import { TOKEN } from './projects.js';
import { runActionInProcess } from './run-action-in-process.js';

const API = 'https://api.github.com';

useNock();

/** The scripted agent: copies its context and prompt where the test reads them, and fixes nothing. */
const AGENT = `import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
const out = process.env.CLOSED_LOOP_TEST_OUT;
copyFileSync(process.env.CLOSED_LOOP_CONTEXT, out + '/context.json');
writeFileSync(out + '/prompt.txt', readFileSync(0, 'utf8'));
`;

/**
 * A project whose type check fails as tsc prints it (a stand-in script: the loop, not tsc, is under test)
 * and an agent that fixes nothing.
 */
const PROJECT = {
  'package.json': JSON.stringify({
    name: 'p',
    private: true,
    type: 'module',
    scripts: { typecheck: 'node typecheck.mjs' },
  }),
  'typecheck.mjs':
    "console.log(\"src/index.ts(1,14): error TS2322: Type 'string' is not assignable to type 'number'.\");\nprocess.exit(2);\n",
  'src/index.ts': "export const answer: number = 'forty-two';\n",
  'agent.mjs': AGENT,
};
const INPUTS = {
  token: '',
  'read-token': TOKEN,
  'agent-command': 'node agent.mjs',
  'max-retries': '2',
  push: 'never',
  'fail-on': 'never',
};

describe("App mode: a person's `/close-loop fix` guidance reaches the coding agent in the Action's next run", () => {
  it("reads the App's loop comment with read-token, and gives the words for this head to the agent's context and prompt", async () => {
    const dir = createTempRepo(PROJECT);
    const head = git(dir, 'rev-parse', 'HEAD');
    const out = mkdtempSync(join(tmpdir(), 'closed-loop-agent-out-'));
    const words = 'the answer must stay a number: change the value, not the type';
    const appComment = {
      id: 7,
      body: `${LOOP_COMMENT_MARKER}\n### closed-loop · BLOCKED\n\n${renderGuidanceBlock({ by: 'alice', at: '2026-03-02T10:00:00Z', head_sha: head, text: words })}\n`,
      created_at: '2026-03-02T09:00:00Z',
      user: { login: 'closed-loop[bot]', type: 'Bot' },
    };
    const read = nock(API)
      .get(`${PR_PATH}/comments`)
      .query({ per_page: 100 })
      .matchHeader('authorization', `token ${TOKEN}`)
      .reply(200, [appComment]);

    const r = await runActionInProcess(dir, synchronizePayload(head, { fork: false, labels: [] }), INPUTS, {
      CLOSED_LOOP_TEST_OUT: out,
    });

    expect(read.isDone(), r.stdout).toBe(true);
    expect(r.stdout).toContain(`closed-loop guidance from @alice: ${words}`);
    const context = JSON.parse(readFileSync(join(out, 'context.json'), 'utf8')) as { guidance: unknown };
    expect(context.guidance).toEqual({ by: 'alice', text: words });
    const prompt = readFileSync(join(out, 'prompt.txt'), 'utf8');
    expect(prompt).toContain('## Guidance from @alice, who reviews this pull request');
    expect(prompt).toContain(`> ${words}`);
    // Registered as a secret (the runner masks it), and printed nowhere else.
    expect(r.stdout.split('\n').filter((l) => l.includes(TOKEN))).toEqual([`::add-mask::${TOKEN}`]);
  });

  it('guidance given for another head is not used', async () => {
    const dir = createTempRepo(PROJECT);
    const head = git(dir, 'rev-parse', 'HEAD');
    const out = mkdtempSync(join(tmpdir(), 'closed-loop-agent-out-'));
    nock(API)
      .get(`${PR_PATH}/comments`)
      .query({ per_page: 100 })
      .reply(200, [
        {
          id: 7,
          body: `${LOOP_COMMENT_MARKER}\n${renderGuidanceBlock({ by: 'alice', at: '2026-03-02T10:00:00Z', head_sha: 'e'.repeat(40), text: 'old words' })}\n`,
          created_at: '2026-03-02T09:00:00Z',
          user: { login: 'closed-loop[bot]', type: 'Bot' },
        },
      ]);

    await runActionInProcess(dir, synchronizePayload(head, { fork: false, labels: [] }), INPUTS, {
      CLOSED_LOOP_TEST_OUT: out,
    });

    const context = JSON.parse(readFileSync(join(out, 'context.json'), 'utf8')) as { guidance: unknown };
    expect(context.guidance).toBeNull();
  });
});
