import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPORT_MAX_BYTES } from '../../src/action/collect-reports.js';
import { RESULT_FILE } from '../../src/action/result-artifact.js';
import { tempRepos } from '../helpers/temp-repo.js';
import { fakeResultsService } from './results-service.js';
import { TOKEN, TYPE_ERROR } from './projects.js';
import { fakeGitHub, runAction, type ActionRun } from './run-action.js';

const repo = tempRepos({ linkNodeModules: true });

/** vitest writes its own "Vitest Test Report" to GITHUB_STEP_SUMMARY on every run in GitHub Actions. */
const LOGIC_BUG = {
  'package.json': JSON.stringify({
    name: 'slugs',
    private: true,
    type: 'module',
    scripts: { test: 'vitest run' },
  }),
  'src/slug.js': "export function slug(title) {\n  return title.toLowerCase().replace(/ /g, '_');\n}\n",
  'src/slug.test.js':
    "import { expect, test } from 'vitest';\nimport { slug } from './slug.js';\n\ntest('joins words with dashes', () => {\n  expect(slug('Hello World')).toBe('hello-world');\n});\n",
};

/**
 * One Action run on the type error with `fail-on: never` and no artifact service, shared by the cases that
 * only read what it printed and wrote (each run takes seconds of tsc).
 */
let typeError: { head: string; r: ActionRun };
beforeAll(() => {
  const dir = repo(TYPE_ERROR);
  const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: dir, encoding: 'utf8' }).trim();
  typeError = { head, r: runAction(dir, { 'fail-on': 'never' }) };
});

describe("the Action's job summary", () => {
  it('a vitest project: the verdict comes first, the checks write their own summary, every report named is in the artifact', async () => {
    const service = await fakeResultsService();
    const dir = repo(LOGIC_BUG);
    const r = runAction(dir, { 'fail-on': 'never' }, service.env);
    service.stop();

    expect(r.status, r.stdout).toBe(0);
    expect(r.outputs.status).toBe('escalated');
    // The job's summary is the loop's alone, the failure first; vitest's report went to the check's own file.
    expect(r.summary.startsWith('## closed-loop\n\n### ❌ What failed: check `test`, vitest')).toBe(true);
    expect(r.summary).toContain("AssertionError: expected 'hello_world' to be 'hello-world'");
    expect(r.summary.indexOf('**⚠️ Escalated**')).toBeLessThan(r.summary.indexOf('### Checks'));
    expect(r.summary).not.toContain('Vitest Test Report');
    const checkSummary = join(dir, '.git/closed-loop/logs/pr-2/attempt-1/test.summary.md');
    expect(readFileSync(checkSummary, 'utf8')).toContain('Vitest Test Report');

    // Every report the summary names is in closed-loop-result, under the cap; no runner-only path is named.
    const files = service.artifacts()[0] ?? {};
    const shipped = ['escalation-pr-2.md', 'context-pr-2.md', 'attempts-pr-2.md'];
    expect(Object.keys(files).sort()).toEqual([...shipped, RESULT_FILE].sort());
    for (const name of shipped) {
      expect(r.summary).toContain(`\`${name}\``);
      // The artifact's copy is the report the run wrote, naming the reports beside it in the artifact.
      expect(files[name]).toBe(
        readFileSync(join(dir, '.git/closed-loop', name), 'utf8').replaceAll(
          '.git/closed-loop/context-pr-2.md',
          'context-pr-2.md (in this artifact)',
        ),
      );
      expect(files[name]).not.toContain('.git/closed-loop');
      expect(Buffer.byteLength(files[name] ?? '')).toBeLessThanOrEqual(REPORT_MAX_BYTES);
    }
    expect(files['escalation-pr-2.md']).toContain('the context is in context-pr-2.md (in this artifact)');
    // What a person does next is what a workflow's user can do: push the fix, or re-run the workflow.
    const retry =
      "1. **Fix manually and retry**: push the fix to the pull request's branch: the workflow runs the loop again on the new head (when nothing needed committing, such as a secret or a service, re-run this workflow).";
    expect(files['escalation-pr-2.md']).toContain(retry);
    expect(r.summary).toContain(retry);
    for (const text of [r.summary, files['escalation-pr-2.md']])
      expect(text).not.toMatch(/closed-loop resume/);
    expect(r.summary).toContain('### Reports\n\nIn the `closed-loop-result` artifact of this run:');
    expect(r.summary).toContain('the context is in context-pr-2.md (in the closed-loop-result artifact)');
    expect(r.summary).not.toContain('.git/closed-loop');
    expect(files['context-pr-2.md']).toContain('src/slug');

    // Every attempt names its strategy: the one the loop stopped short of, for want of an agent.
    const rows = r.summary.split('\n').filter((l) => /^\| \d+ \|/.test(l));
    expect(rows).toEqual([
      expect.stringMatching(
        /^\| 1 \| test failure \| none \(stopped before it would have the agent fix it at the failing line\) \| [\d.]+s \| test failed \|$/,
      ),
    ]);
    expect(existsSync(join(dir, '.closed-loop'))).toBe(false);
  });

  it("a type error: the first screen names the check, the tool, file:line linked at the PR's head and the message", () => {
    const { r, head } = typeError;

    expect(r.status, r.stdout).toBe(0);
    const first = r.summary.split('\n').slice(0, 12).join('\n');
    expect(first).toContain('### ❌ What failed: check `typecheck`, tsc (TypeScript)');
    expect(first).toContain(
      `[\`src/index.ts:1\`](https://github.com/octo-org/shop/blob/${head}/src/index.ts#L1) — src/index.ts(1,14): error TS2322: Type 'string' is not assignable to type 'number'.`,
    );
    expect(first).not.toContain('agent');
    expect(r.summary.indexOf('**Next:** a person fixes it at `src/index.ts:1`')).toBeLessThan(
      r.summary.indexOf('### Checks'),
    );
  });
});

describe("the Action's durations", () => {
  it('add up: two checks that run side by side make an attempt as long as the slower one, within the run', () => {
    const sleeper = (s: number) => `node -e "setTimeout(() => {}, ${s * 1000})"`;
    const dir = repo({
      '.github/closed-loop.yml': `version: 1\nchecks:\n  - name: slow\n    type: test\n    command: ${sleeper(1.5)}\n  - name: slower\n    type: test\n    command: ${sleeper(2)}\n`,
    });
    const r = runAction(dir);

    expect(r.outputs.status, r.stdout).toBe('success');
    const result = JSON.parse(readFileSync(r.outputs.result ?? '', 'utf8')) as {
      duration_ms: number;
      history: { duration_ms: number }[];
      checks: { duration_ms: number }[];
    };
    const attempts = result.history.reduce((sum, a) => sum + a.duration_ms, 0);
    const checks = result.checks.reduce((sum, c) => sum + c.duration_ms, 0);
    expect(checks).toBeGreaterThan(3400); // both ran
    expect(attempts).toBeLessThanOrEqual(result.duration_ms);
    // The summary says the same: the attempt's row is no longer than the run's verdict.
    const verdict = /after 1 attempt in (\d+\.\d)s/.exec(r.summary)?.[1];
    const row = /^\| 1 \| – \| [^|]+ \| (\d+\.\d)s \|/m.exec(r.summary)?.[1];
    expect(Number(row)).toBeLessThanOrEqual(Number(verdict));
  });
});

describe('the context a no-agent escalation points at, where a person can open it after the job', () => {
  it('uploaded: the summary, the PR comments, result.json and the failed step point at the artifact, never at the runner', async () => {
    const service = await fakeResultsService();
    const github = await fakeGitHub();
    const dir = repo(TYPE_ERROR);
    const r = runAction(dir, { token: TOKEN }, { ...service.env, GITHUB_API_URL: github.url });
    service.stop();
    github.stop();

    expect(r.outputs.status, r.stdout).toBe('escalated');
    const where = 'context-pr-2.md (in the closed-loop-result artifact)';
    expect(r.summary).toContain(where);
    const written = github
      .requests()
      .filter((q) => q.method !== 'GET')
      .map((q) => JSON.stringify(q.body));
    expect(written.some((body) => body.includes(where))).toBe(true); // the sticky comment, the report
    const result = readFileSync(r.outputs.result ?? '', 'utf8');
    expect(result).toContain(where);
    const failed = r.stdout.split('\n').filter((l) => l.startsWith('::error::'));
    expect(failed.join('\n')).toContain(where);
    for (const text of [r.summary, ...written, result, r.stdout])
      expect(text).not.toContain('.git/closed-loop');
  });

  it('not uploaded (no artifact service): the summary folds the context and says so', () => {
    const { r } = typeError;

    expect(r.outputs.status, r.stdout).toBe('escalated');
    expect(r.summary).toContain("context-pr-2.md (folded in this run's job summary; it was not uploaded)");
    expect(r.summary).toMatch(/<summary>`context-pr-2\.md`: the context gathered for a fix[^<]*<\/summary>/);
    const folded = r.summary.slice(r.summary.indexOf('<summary>`context-pr-2.md`'));
    expect(folded).toContain('src/index.ts');
    expect(r.summary).not.toContain('.git/closed-loop');
    expect(r.stdout).not.toContain('.git/closed-loop/context');
    expect(r.summary).toContain("push the fix to the pull request's branch");
    expect(r.summary).not.toMatch(/closed-loop resume/);
  });
});

// Moved from action.e2e.test.ts (its escalation fails the step) to share the run above.
describe('the bundled Action, run as the runner runs it', () => {
  it('fail-on never keeps the step green on the same escalation', () => {
    const { r } = typeError;
    expect(r.status, r.stdout).toBe(0);
    expect(r.outputs.status).toBe('escalated');
    expect(r.stdout).not.toMatch(/^::error::/m);
  });
});
