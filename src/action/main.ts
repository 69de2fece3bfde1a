import * as core from '@actions/core';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../runner/git/repo.js';
import { planRun } from '../runner/loop-driver/plan-run.js';
import type { RunOptions } from '../runner/loop-driver/run-context.js';
import { loadConfig } from '../runner/load-config.js';
import { resolveStateDir } from '../runner/state-dir.js';
import { runLoop } from '../runner/loop-driver/run-loop.js';
import type { LoopResult } from '../core/loop-result.js';
import type { BlobBase } from '../core/report/failure-lead.js';
import { coreProgress } from './core-progress.js';
import { logReportNames } from './log-report-names.js';
import { dryRunWrites } from './dry-run-writes.js';
import {
  ACTION_AGENT_HINT,
  actionWords,
  failsStep,
  inputWarnings,
  readInputs,
  type ActionInputs,
} from './inputs.js';
import { publishPlan, publishResult, shippedReports } from './publish-result.js';
import { pointResultAtShippedReports } from '../core/pull-request/report-files.js';
import { isComplete, readEvent } from './read-event.js';
import { toTaskId } from '../core/task-id.js';
import { reportError } from './report-error.js';
import {
  pushStep,
  readGuidance,
  startStandalone,
  writeToPr,
  type ClientOverrides,
  type Standalone,
} from './standalone.js';
import { suggestFix } from './suggest-fix.js';
import { uploadResultArtifact } from './upload-result-artifact.js';
import { writeResultFiles } from './write-result-files.js';
import { actionWithheldEnv } from './withheld-env.js';
import { knownSecrets, registerSecret } from '../runner/secrets/known-secrets.js';
import { withWithheldEnv } from '../runner/exec/withheld-env.js';

/** What tests replace: the GitHub client's options (retry and throttling off). */
export interface ActionDeps {
  client?: ClientOverrides;
}

/**
 * The Action: read the inputs, run the loop on the checkout (or plan it, for a dry run), publish the
 * result in the job, and fail the step when the verdict asks for it. Never throws.
 */
export async function runAction(env: NodeJS.ProcessEnv = process.env, deps: ActionDeps = {}): Promise<void> {
  const workspace = env.GITHUB_WORKSPACE ?? process.cwd();
  const secrets: string[] = [];
  let root = workspace;
  const controller = new AbortController();
  const onCancel = (): void => controller.abort();
  process.once('SIGINT', onCancel);
  process.once('SIGTERM', onCancel);
  try {
    // 1. Inputs; the token is a secret from here on, in the log and in every report.
    const inputs = readInputs((name) => core.getInput(name), workspace);
    for (const warning of inputWarnings(inputs)) core.warning(warning);
    for (const token of [inputs.token, inputs.readToken].filter((t) => t !== '')) {
      core.setSecret(token);
      registerSecret(token);
      secrets.push(token);
    }
    // Every command the Action starts, before the loop, in it and after it (the push's git among them),
    // runs without the Action's inputs and token: the checkout's hooks and git config are the pull
    // request's code too, and an install step before this one may have written them.
    await withWithheldEnv(actionWithheldEnv([inputs.token, inputs.readToken]), async () => {
      root = await repoRoot(inputs.workingDirectory).catch(() => inputs.workingDirectory);
      const event = await readEvent(env);
      const pr = event.kind === 'pull-request' ? event.pr : null;
      // Off a pull request the loop checks this commit and reports in the job: nothing to write to, no push.
      if (event.kind === 'other') core.notice(offPullRequest(event.name));
      // An empty token with `push: auto` is a token that is missing, not App mode (which says `push: never`).
      if (pr !== null && missingToken(inputs)) core.warning(MISSING_TOKEN);
      // Standalone mode: on a pull request with a token, the PR's memory comes from its loop comment,
      // and the result goes back to the PR (and the fix to its branch) after the run. A dry run reads
      // the memory too (a read changes nothing), so the writes it lists are the ones a run would send.
      const standalone: Standalone | null =
        pr !== null && isComplete(pr) && inputs.token !== ''
          ? await startStandalone(pr, inputs.token, env, deps.client)
          : null;
      const taskId = pr === null ? commitTaskId(env) : `pr-${pr.number}`;
      // A person's `/close-loop fix` guidance for this head, from the App's loop comment, for the agent.
      const guidance =
        standalone !== null
          ? standalone.guidance
          : pr !== null && isComplete(pr) && inputs.readToken !== ''
            ? await readGuidance(pr, inputs.readToken, env, deps.client)
            : null;
      if (guidance !== null) core.info(`closed-loop guidance from @${guidance.by}: ${guidance.text}`);
      const options = {
        ...runOptions(
          inputs,
          taskId,
          controller.signal,
          standalone?.memory?.attempts,
          coreProgress(undefined, await logReportNames(root, inputs.configPath)),
          actionWords(pr === null ? 'commit' : appMode(inputs) ? 'app' : 'pull-request'),
        ),
        // The checks, fixers and installs are the pull request's code: never the Action's token or inputs.
        withholdEnv: actionWithheldEnv([inputs.token, inputs.readToken]),
        agentRunsEarlier: standalone?.memory?.agent?.runs ?? 0,
        ...(guidance !== null ? { guidance: { by: guidance.by, text: guidance.text } } : {}),
      };

      // 2. A dry run: the checks once, what the loop would do, and the writes to the PR it would make
      // (logged, never sent); nothing changes, the step stays green.
      if (inputs.dryRun) {
        const plan = await planRun(options);
        secrets.push(...knownSecrets());
        const writes =
          standalone === null
            ? null
            : await dryRunWrites(standalone, plan, {
                taskId: taskId ?? 'dry-run',
                secrets,
                config: (await loadConfig({ cwd: root, path: inputs.configPath })).config,
                ...(runUrl(env) ? { runUrl: runUrl(env) } : {}),
              });
        await publishPlan(plan, secrets, writes);
        return;
      }

      // 3. The loop, on the checkout.
      const result = await runLoop(options);
      // What the run learned is secret (`::add-mask::` values the checks printed) is masked from here on too.
      secrets.push(...knownSecrets());

      // 4. result.json and fix.patch, uploaded as the artifact closed-loop-result (for the App); in
      // standalone mode, the push and the writes to the PR.
      const outDir = join(env.RUNNER_TEMP ?? tmpdir(), 'closed-loop');
      // The config the loop just ran with (it read it without error): its state folder and loop guard.
      const { config } = await loadConfig({ cwd: root, path: inputs.configPath });
      const stateDir = await resolveStateDir(root, config.state_dir).catch(() => null);
      const files = await writeResultFiles(result, root, outDir, stateDir);
      const notes: string[] = [];
      const upload = await uploadResultArtifact(files, outDir, env, secrets);
      if (upload.kind === 'failed') notes.push(upload.note);
      // What the job and the pull request show points at the reports where they went (the artifact, or
      // the job summary when nothing was uploaded), never at the runner's state folder.
      const reports = await shippedReports(files, {
        repoRoot: root,
        stateDir,
        uploaded: upload.kind === 'uploaded',
      });
      const shown = pointResultAtShippedReports(result, reports);
      let pushed: { sha: string } | null = null;
      let suggestionsUrl: string | null = null;
      if (standalone !== null) {
        const push = await pushStep(standalone, result, {
          cwd: root,
          mode: inputs.push,
          token: inputs.token,
          env,
          secrets,
          guard: config.loop_guard,
          apply: config.apply,
        });
        pushed = push.pushed;
        if (push.note !== null) notes.push(push.note);
        // 4b. A fix the step may not push is proposed on the PR as suggested changes (once per head).
        if (push.why !== undefined && files.patchText !== null) {
          const run = runUrl(env) && runId(env) ? { id: runId(env) ?? 0, url: runUrl(env) ?? '' } : null;
          const suggested = await suggestFix(standalone, result, {
            cwd: root,
            why: push.why,
            patch: files.patchText,
            secrets,
            run,
          });
          if (suggested !== null) {
            notes.push(suggested.note);
            suggestionsUrl = suggested.reviewUrl;
          }
        }
        const unwritten = await writeToPr(standalone, shown, pushed, {
          secrets,
          config,
          ...(env.GITHUB_SERVER_URL ? { serverUrl: env.GITHUB_SERVER_URL } : {}),
          ...(runUrl(env) ? { runUrl: runUrl(env) } : {}),
          ...(runId(env) ? { runId: runId(env) } : {}),
        });
        if (unwritten !== null) notes.push(unwritten);
      } else if (files.patch !== null) {
        notes.push(
          "The fix commits were made in the runner's checkout only; nothing was pushed. `fix.patch` holds them.",
        );
      }

      // 5. Outputs, the job summary, annotations.
      await publishResult(
        shown,
        {
          repoRoot: root,
          workspace,
          outDir,
          secrets,
          runUrl: runUrl(env),
          blobBase: blobBase(env, pushed?.sha || pr?.headSha || env.GITHUB_SHA),
          onPullRequest: pr !== null,
        },
        { files, pushed, notes, reports, suggestionsUrl },
      );

      // 6. The verdict fails the step unless fail-on says otherwise; so does a fix that passes only in the
      // runner's checkout: the pull request's head still fails, and a green step would say it does not.
      // In App mode on a pull request the App commits the fix; off a pull request nobody does.
      const unpushed = headStillFails(result, pushed, {
        appCommits: pr !== null && appMode(inputs),
        onPullRequest: pr !== null,
        suggestionsUrl,
      });
      if (unpushed !== null && inputs.failOn !== 'never') {
        core.setFailed(unpushed);
      } else if (failsStep(result.status, inputs.failOn)) {
        core.setFailed(
          `closed-loop: ${result.status === 'failed' ? 'dead letter' : result.status} after ${result.attempts} attempt(s)${shown.reason ? `: ${shown.reason}` : ''}`,
        );
      }
    });
  } catch (err) {
    secrets.push(...knownSecrets());
    await reportError(err, { repoRoot: root, workspace, secrets });
  } finally {
    process.off('SIGINT', onCancel);
    process.off('SIGTERM', onCancel);
  }
}

function runOptions(
  inputs: ActionInputs,
  taskId: string | undefined,
  signal: AbortSignal,
  history: RunOptions['history'],
  progress: RunOptions['progress'],
  words: NonNullable<RunOptions['words']>,
): RunOptions {
  return {
    ...(history && history.length > 0 ? { history } : {}),
    cwd: inputs.workingDirectory,
    configPath: inputs.configPath,
    taskId,
    taskType: 'bug_fix',
    complexity: 'medium',
    maxRetries: inputs.maxRetries,
    fix: inputs.fix,
    agent: inputs.agentCommand,
    agentHint: ACTION_AGENT_HINT,
    words,
    commit: true,
    allowDirty: false,
    signal,
    progress,
  };
}

function runId(env: NodeJS.ProcessEnv): number | undefined {
  const id = Number(env.GITHUB_RUN_ID);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/**
 * App mode: the workflow says so with `token: ''` and `push: never` — the App writes to the pull request
 * and commits the verified fix from the artifact. An empty token alone is not App mode (missingToken).
 */
function appMode(inputs: ActionInputs): boolean {
  return inputs.token === '' && inputs.push === 'never';
}

/**
 * An empty `token` with `push: auto` (the default): the workflow meant the Action to write and push, but
 * the token is missing — typically `${{ secrets.X }}` on a run that gets no secrets.
 */
function missingToken(inputs: ActionInputs): boolean {
  return inputs.token === '' && inputs.push === 'auto';
}

const MISSING_TOKEN =
  'closed-loop: the `token` input is empty, so the Action cannot write to the pull request or push a fix. ' +
  'A token from a secret (`token: ${{ secrets.X }}`) is empty when the secret is not set, and on runs that get no secrets: ' +
  "Dependabot's pull requests and pull requests from forks. For App mode (the closed-loop App writes to the pull request " +
  "and commits the fix), set `push: never` with `token: ''`.";

/**
 * Why the step fails although the loop succeeded: its fix commits were not pushed, so the pull request's
 * head (or, off a pull request, this commit) still fails — in standalone mode, with `push: never`, and with
 * a missing token alike. Only in App mode on a pull request (`appCommits`) the App commits the fix from the
 * artifact, and the step stays green. Null when the head is fixed.
 */
function headStillFails(
  result: LoopResult,
  pushed: { sha: string } | null,
  opts: { appCommits: boolean; onPullRequest: boolean; suggestionsUrl: string | null },
): string | null {
  const { suggestionsUrl } = opts;
  if (result.status !== 'success' || result.fix_commits.length === 0 || pushed !== null || opts.appCommits)
    return null;
  const n = result.fix_commits.length;
  // Where the fix is, as the job summary's Next line says: the review's suggested changes when they were
  // posted, fix.patch otherwise.
  const take = suggestionsUrl
    ? `Commit the suggested changes (${suggestionsUrl}), or apply fix.patch (the closed-loop-result artifact) and push it.`
    : 'Apply fix.patch (the closed-loop-result artifact, or the job summary) and push it.';
  return `closed-loop: every check passes with ${n === 1 ? 'the fix commit' : `${n} fix commits`}, but ${n === 1 ? 'it was' : 'they were'} not pushed, so ${opts.onPullRequest ? "the pull request's head" : 'this commit'} still fails. ${take}`;
}

/**
 * Where the reports link `file:line`: the blob at the pull request's head (the fix commit when one was
 * pushed; the workflow's commit off a pull request) on this server. Null when the server or repository is
 * unknown: the reports then say `file:line` unlinked.
 */
function blobBase(env: NodeJS.ProcessEnv, sha: string | undefined): BlobBase | null {
  const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repository } = env;
  return server && repository && sha && /^[0-9a-f]{40}$/i.test(sha)
    ? { serverUrl: server, repository, sha }
    : null;
}

/** The notice of a run about no pull request: what the Action does there, and where it does more. */
function offPullRequest(eventName: string): string {
  const what = eventName ? `a \`${eventName}\` event` : 'no event (GITHUB_EVENT_NAME is not set)';
  return (
    `closed-loop: this run is ${what}, not a pull request: ` +
    'the loop checks this commit and reports in the job only; it writes to no pull request and pushes nothing. ' +
    'The Action carries a pull request on `pull_request` (and `pull_request_target`) events only.'
  );
}

/** Off a pull request, the task is the branch or tag and the commit (`main-1a2b3c4`), not `detached-…`. */
function commitTaskId(env: NodeJS.ProcessEnv): string | undefined {
  const { GITHUB_REF_NAME: ref, GITHUB_SHA: sha } = env;
  return ref && sha ? toTaskId(`${ref}-${sha.slice(0, 7)}`) : undefined;
}

function runUrl(env: NodeJS.ProcessEnv): string | undefined {
  const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repo, GITHUB_RUN_ID: id } = env;
  return server && repo && id ? `${server}/${repo}/actions/runs/${id}` : undefined;
}
