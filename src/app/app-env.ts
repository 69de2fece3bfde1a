import type { GitHub } from '../github/github-request.js';
import type { GraphqlClient } from '../github/read-comment-editor.js';
import type { OwnCommentEdits } from '../github/own-comment-edits.js';
import type { PrStage } from '../core/controller/pr-stage.js';
import type { StageCause } from '../core/controller/stage-machine.js';

/** A stage change the App made on a pull request, after it was written to GitHub. */
export interface StageChange {
  owner: string;
  repo: string;
  number: number;
  headSha: string;
  from: PrStage | null;
  to: PrStage;
  cause: StageCause;
  at: string;
}
import type { OutcomeRecorder } from './outcomes/outcome-recorder.js';

/** What every handler gets: the installation's client, a log, and who the App is. */
export interface AppEnv {
  octokit: GitHub & GraphqlClient;
  log: { info: (line: string) => void; warn: (line: string) => void };
  /** The login the App comments as, `<slug>[bot]`: only its comments are the loop's. */
  botLogin: string;
  /** Signs the gate state kept in the sticky comment (the webhook secret). */
  secret: string;
  /** The delivery's id: keys the one-off replies, so a redelivery edits rather than repeats them. */
  deliveryId: string;
  /** The comments this App instance wrote last (skips asking who edited them); absent: always ask. */
  ownEdits?: OwnCommentEdits;
  /** Told of every stage change after it is on GitHub (recordStage): where an outcomes recorder hooks in. */
  onStageChange?: (change: StageChange) => void | Promise<void>;
  /** The installation the delivery came from (0 when it names none). */
  installation: number;
  /** The outcome history: what each loop ended with, for the figures, the dashboard and demotion. */
  outcomes: OutcomeRecorder;
}

export { GATE_CHECK_NAME } from '../core/gates/render-gate-check.js';
