import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PATCH_FILE, RESULT_ARTIFACT, RESULT_FILE } from '../../src/action/result-artifact.js';
import type { LoopResult } from '../../src/core/loop-result.js';
import { loopReport } from '../../src/core/pull-request/report-comment.js';
import { exampleRepo } from '../e2e/run-helpers.js';
import { createTempRepo } from '../helpers/temp-repo.js';
import { GREEN, TYPE_ERROR } from './projects.js';
import { fakeResultsService, JOB_BACKEND_ID, RUN_BACKEND_ID, runtimeToken } from './results-service.js';
import { runAction } from './run-action.js';

const TWIRP = '/twirp/github.actions.results.api.v1.ArtifactService';
/** The artifact is for the App: the workflow of App mode (docs/action.md). */
const APP_MODE = { token: '', push: 'never' };

describe('the bundled Action uploads closed-loop-result to the results service', () => {
  it("all green: CreateArtifact for this job, one zip holding result.json whose status is the step's, FinalizeArtifact", async () => {
    const service = await fakeResultsService();
    const dir = createTempRepo(GREEN, { linkNodeModules: true });
    const r = runAction(dir, APP_MODE, service.env);
    service.stop();

    expect(r.status, r.stdout).toBe(0);
    const calls = service.requests();
    expect(calls.filter((c) => c.rpc !== null).map((c) => `${c.method} ${c.path}`)).toEqual([
      `POST ${TWIRP}/CreateArtifact`,
      `POST ${TWIRP}/FinalizeArtifact`,
    ]);
    expect(calls.every((c) => c.rpc === null || c.auth === `Bearer ${runtimeToken()}`)).toBe(true);
    const ids = {
      workflow_run_backend_id: RUN_BACKEND_ID,
      workflow_job_run_backend_id: JOB_BACKEND_ID,
      name: RESULT_ARTIFACT,
    };
    expect(calls[0]?.body).toMatchObject(ids);
    expect(calls.at(-1)?.body).toMatchObject(ids);
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts.length).toBeGreaterThan(1);
    expect(
      puts.every(
        (c) =>
          c.path === `/fakeaccount/actions-results/${RESULT_ARTIFACT}.zip` &&
          c.query.sig === 'stand-in-signature',
      ),
    ).toBe(true);

    const artifacts = service.artifacts();
    expect(artifacts).toHaveLength(1);
    const files = artifacts[0] ?? {};
    expect(Object.keys(files).sort()).toEqual(['attempts-pr-2.md', RESULT_FILE]);
    const result = JSON.parse(files[RESULT_FILE] ?? '') as { version: number; status: string };
    expect(result).toMatchObject({ version: 1, status: r.outputs.status });
    expect(files[RESULT_FILE]).toBe(readFileSync(r.outputs.result ?? '', 'utf8'));
    expect(Number((calls.at(-1)?.body as { size: string }).size)).toBe(
      readFileSync(join(service.dir, 'blob-1.zip')).length,
    );
    expect(r.stdout).toContain(`closed-loop: uploaded the artifact ${RESULT_ARTIFACT} (id 4242)`);
    expect(r.stdout).not.toMatch(/^::(warning|error)/m);
  });

  it('auto-fixed: the zip holds result.json and fix.patch, the same patch as in RUNNER_TEMP', async () => {
    const service = await fakeResultsService();
    const dir = exampleRepo('lint-autofix');
    const r = runAction(dir, APP_MODE, service.env);
    service.stop();

    expect(r.status, r.stdout).toBe(0);
    const files = service.artifacts()[0] ?? {};
    expect(Object.keys(files).sort()).toEqual(['attempts-pr-2.md', PATCH_FILE, RESULT_FILE]);
    const result = JSON.parse(files[RESULT_FILE] ?? '') as { status: string; fix_commits: { sha: string }[] };
    expect(result.status).toBe(r.outputs.status);
    expect(result.fix_commits.at(-1)?.sha).toBe(r.outputs['fix-commit']);
    expect(files[PATCH_FILE]).toContain('closed-loop: auto_fix for');
    expect(files[PATCH_FILE]).toBe(readFileSync(join(r.runnerTemp, 'closed-loop', PATCH_FILE), 'utf8'));
    // The attempts table: a fix that worked is named with the commit it became, and every attempt names a
    // strategy.
    const [lintFix, formatFix] = result.fix_commits.map((c) => c.sha.slice(0, 7));
    const rows = r.summary.split('\n').filter((l) => /^\| \d+ \|/.test(l));
    expect(rows).toEqual([
      expect.stringMatching(
        new RegExp(
          `^\\| 1 \\| lint error \\| ran the tool's own fix \\(such as eslint --fix, prettier --write\\) \\| [\\d.]+s \\| lint failed; fix kept: ${lintFix} \\|$`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `^\\| 2 \\| format error \\| ran the tool's own fix \\(such as eslint --fix, prettier --write\\) \\| [\\d.]+s \\| lint failed; fix kept: ${formatFix} \\|$`,
        ),
      ),
      expect.stringMatching(/^\| 3 \| – \| none needed \| [\d.]+s \| All checks passed \|$/),
    ]);
  });

  it("an escalation (App mode): each report names its neighbours in the artifact, never the runner's state folder, and a person is told to push the fix or comment `/close-loop resume`", async () => {
    const service = await fakeResultsService();
    const dir = createTempRepo(TYPE_ERROR, { linkNodeModules: true });
    const r = runAction(dir, { ...APP_MODE, 'fail-on': 'never' }, service.env);
    service.stop();

    expect(r.outputs.status, r.stdout).toBe('escalated');
    const files = service.artifacts()[0] ?? {};
    expect(Object.keys(files).sort()).toEqual([
      'attempts-pr-2.md',
      'context-pr-2.md',
      'escalation-pr-2.md',
      RESULT_FILE,
    ]);
    const escalation = files['escalation-pr-2.md'] ?? '';
    expect(escalation).toContain('the context is in context-pr-2.md (in this artifact)');
    for (const text of Object.values(files)) expect(text).not.toContain('.git/closed-loop');
    // The App answers commands in App mode: the advice is the App's, in the report and in the comment the
    // App posts from result.json, as it does (loopReport with commands).
    const retry =
      "1. **Fix manually and retry**: push the fix to the pull request's branch: the workflow runs the loop again on the new head (when nothing needed committing, such as a secret or a service, comment `/close-loop resume`, then `/close-loop retry`).";
    expect(escalation).toContain(retry);
    const result = JSON.parse(files[RESULT_FILE] ?? '') as LoopResult;
    const comment = loopReport({
      status: result.status,
      reports: result.reports,
      run: { id: 1234, url: null },
      headSha: result.head.start ?? '',
      commands: true,
    });
    expect(comment).toContain(retry);
    expect(comment).toContain('the context is in context-pr-2.md (in the closed-loop-result artifact)');
    for (const text of [escalation, comment, r.summary]) expect(text).not.toMatch(/closed-loop resume/);
  });

  it("a refused upload is a warning and a summary note; the step keeps the verdict's result", async () => {
    const service = await fakeResultsService('refuse');
    const dir = createTempRepo(TYPE_ERROR, { linkNodeModules: true });
    const r = runAction(dir, { 'fail-on': 'never' }, service.env);
    service.stop();

    expect(r.status, r.stdout).toBe(0);
    expect(r.outputs.status).toBe('escalated');
    expect(service.requests().map((c) => c.rpc)).toEqual(['CreateArtifact']);
    expect(service.artifacts()).toEqual([]);
    expect(r.stdout).toMatch(
      new RegExp(
        `^::warning title=closed-loop could not upload the artifact ${RESULT_ARTIFACT}::.*403.*the stand-in refuses this artifact`,
        'm',
      ),
    );
    expect(r.stdout).not.toMatch(/^::error::/m); // the step did not fail (the type error's own annotation stays)
    expect(r.summary).toContain(`The artifact \`${RESULT_ARTIFACT}\` was not uploaded`);
  });

  it('off a runner (no ACTIONS_RUNTIME_TOKEN / ACTIONS_RESULTS_URL): skipped with an info line, no warning', () => {
    const dir = createTempRepo(GREEN, { linkNodeModules: true });
    const r = runAction(dir, APP_MODE);
    expect(r.status, r.stdout).toBe(0);
    expect(r.stdout).toMatch(
      new RegExp(`^closed-loop: no artifact service here .*; ${RESULT_ARTIFACT} not uploaded$`, 'm'),
    );
    expect(r.stdout).not.toMatch(/^::warning/m);
    expect(r.summary).not.toContain('was not uploaded');
  });
});
