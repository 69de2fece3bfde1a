import { keptDecision, type StageDecision } from '../core/controller/stage-decision.js';
import { moveStage, type StageCause, type StageRecord } from '../core/controller/stage-machine.js';
import type { AppEnv, StageChange } from './app-env.js';
import { where, type PrFacts } from './pull-request-facts.js';

/**
 * The one way the App changes a pull request's stage. The stage machine (moveStage) says whether the
 * pull request may move where its facts put it; `write` shows the outcome on GitHub (the record goes
 * into the sticky comment's signed state); then the change is logged and handed to `env.onStageChange`
 * (where a recorder of outcomes hooks in). A refused move keeps the stage, and shows it as kept.
 */
export async function recordStage(
  env: AppEnv,
  pr: PrFacts,
  move: { previous: StageRecord | null; decision: StageDecision; cause: StageCause; at: string },
  write: (record: StageRecord, shown: StageDecision) => Promise<void>,
): Promise<StageRecord> {
  const moved = moveStage(move.previous, move.decision.stage, move.cause, move.at);
  if (moved.kind === 'refused') {
    env.log.info(
      `${where(pr)}: stays ${moved.from}: ${moved.why} (the ${move.cause} event would have moved it to ${moved.to})`,
    );
    await write(moved.record, keptDecision(moved.record.stage));
    return moved.record;
  }
  await write(moved.record, move.decision);
  if (moved.kind === 'moved') {
    env.log.info(`${where(pr)}: stage ${moved.from ?? 'none'} → ${moved.to} (${moved.cause})`);
    const change: StageChange = {
      owner: pr.owner,
      repo: pr.repo,
      number: pr.number,
      headSha: pr.headSha,
      from: moved.from,
      to: moved.to,
      cause: moved.cause,
      at: move.at,
    };
    try {
      await env.onStageChange?.(change);
    } catch (error) {
      env.log.warn(
        `${where(pr)}: the stage change was not recorded: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  return moved.record;
}
