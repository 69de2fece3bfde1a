import type { Context, Probot } from 'probot';
import { serverUrlOf } from './server-url-of.js';
import { GATE_CHECK_NAME, type AppEnv } from './app-env.js';
import { OwnCommentEdits } from '../github/own-comment-edits.js';
import { reuseReads } from '../github/reuse-reads.js';
import { guardDelivery } from './guard-delivery.js';
import { onCheckRunCompleted } from './handlers/on-check-run-completed.js';
import { onComment } from './handlers/on-comment.js';
import { onLabel } from './handlers/on-label.js';
import { onMergeGroup } from './handlers/on-merge-group.js';
import { onPullRequest, refreshPr } from './handlers/on-pull-request.js';
import { onPullRequestClosed } from './handlers/on-pull-request-closed.js';
import { onWorkflowRun, onWorkflowRunStarted } from './handlers/on-workflow-run.js';
import { fetchPrFacts } from './pull-request-facts.js';
import { NO_OUTCOMES, type OutcomeRecorder } from './outcomes/outcome-recorder.js';
import { recordStageChange } from './outcomes/record-stage-change.js';
import { onPush } from './handlers/on-push.js';

interface CheckRunPayload {
  check_run: { name: string; pull_requests: { number: number }[] };
  repository: { name: string; owner: { login: string }; html_url?: string };
}

export interface ClosedLoopAppOptions {
  /**
   * Signs the gate state the App keeps in its sticky comment. The server passes
   * CLOSED_LOOP_STATE_SECRET, else WEBHOOK_SECRET: every instance must use the same one, or approvals
   * recorded by one instance are not trusted by another.
   */
  stateSecret: string;
  /** The App's login (`<slug>[bot]`); read once from `GET /app` when not given. */
  botLogin?: string;
  /** Where loop outcomes are recorded (the server's database); nothing is recorded without it. */
  outcomes?: OutcomeRecorder;
}

type EventName = Extract<Parameters<Probot['on']>[0], string>;
/** A handler declares the part of the payload it reads; the webhook types are wider (nullable owners …). */
type Handler = (env: AppEnv, payload: never) => Promise<void>;

/**
 * The Probot App: one handler per event, each given an AppEnv (the installation's client, a log, the
 * App's login, the state secret). Everything it knows is read from GitHub on each delivery.
 */
export function createClosedLoopApp(options: ClosedLoopAppOptions): (app: Probot) => void {
  if (options.stateSecret.trim() === '')
    throw new Error('closed-loop App: no state secret; set WEBHOOK_SECRET (or CLOSED_LOOP_STATE_SECRET)');
  return (app: Probot) => {
    const ownEdits = new OwnCommentEdits();
    let login: Promise<string> | null = options.botLogin ? Promise.resolve(options.botLogin) : null;
    const botLogin = (): Promise<string> => {
      login ??= app
        .auth()
        .then(async (octokit) => `${(await octokit.request('GET /app')).data?.slug ?? 'closed-loop'}[bot]`)
        .catch((error: unknown) => {
          login = null; // ask again on the next delivery
          throw error;
        });
      return login;
    };
    const on = (events: EventName | EventName[], handler: Handler): void => {
      app.on(events, async (context: Context) => {
        ownEdits.watch(context.octokit as never);
        reuseReads(context.octokit as never);
        await guardDelivery(context, async () => {
          const installation = (context.payload as { installation?: { id?: number } }).installation?.id ?? 0;
          const outcomes = options.outcomes ?? NO_OUTCOMES;
          const env: AppEnv = {
            octokit: context.octokit,
            secret: options.stateSecret,
            deliveryId: context.id,
            botLogin: await botLogin(),
            ownEdits,
            installation,
            outcomes,
            onStageChange: recordStageChange(outcomes, installation),
            log: { info: (line) => context.log.info(line), warn: (line) => context.log.warn(line) },
          };
          await handler(env, context.payload as never);
        });
      });
    };

    on(
      [
        'pull_request.opened',
        'pull_request.synchronize',
        'pull_request.reopened',
        'pull_request.edited',
        'pull_request.ready_for_review',
        'pull_request.converted_to_draft',
      ],
      onPullRequest,
    );
    on('pull_request.closed', onPullRequestClosed);
    on('merge_group.checks_requested', onMergeGroup);
    on(['pull_request.labeled', 'pull_request.unlabeled'], onLabel);
    on('push', onPush);
    on(['issue_comment.created', 'issue_comment.edited'], onComment);
    on('workflow_run.completed', onWorkflowRun);
    on('workflow_run.in_progress', onWorkflowRunStarted);
    on('check_run.completed', onCheckRunCompleted);
    // "Re-run" on the closed-loop check: read everything again and show it.
    on('check_run.rerequested', async (env, payload: CheckRunPayload) => {
      if (payload.check_run.name !== GATE_CHECK_NAME) return;
      const repo = { owner: payload.repository.owner.login, repo: payload.repository.name };
      for (const pull of payload.check_run.pull_requests)
        await refreshPr(
          env,
          await fetchPrFacts(env.octokit, { ...repo, number: pull.number }, serverUrlOf(payload)),
        );
    });
  };
}
