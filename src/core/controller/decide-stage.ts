import { shortSha } from '../report/markdown-text.js';
import { finalDecision, type StageDecision } from './stage-decision.js';
import type { StageFacts } from './stage-facts.js';

/**
 * The pull request's stage from its facts, in the seed's order (decideNextAction): a life that is over
 * (merged, closed); a draft; 1. BLOCKED waits for a person; 2. a failure waits for a fix (the loop's or
 * a person's); 3. checks still running wait for CI; 4. green, then the human gates (VALIDATE, and
 * REVIEW for the deploy gate) and the acceptance criteria wait for people; 5. SHIP waits for the merge.
 * Pure: the same facts give the same decision. Whether the pull request may move there is moveStage's.
 */
export function decideStage(f: StageFacts): StageDecision {
  const decision = decideActive(f);
  // A person cleared BLOCKED: said until the loop's next result replaces the one that blocked it.
  return f.loop === 'resumed' && f.pr.open
    ? {
        ...decision,
        summary: `Resumed: a person cleared BLOCKED; the next CI run goes on (${decision.summary})`,
      }
    : decision;
}

function decideActive(f: StageFacts): StageDecision {
  const sha = `\`${shortSha(f.pr.headSha)}\``;
  if (f.pr.merged) return finalDecision('COMPLETE');
  if (!f.pr.open) return finalDecision('ENDED');
  if (f.pr.draft) {
    return {
      stage: 'IMPLEMENT',
      summary: `a draft at ${sha}: the author (or an agent) is still pushing`,
      action: 'WAIT_FOR_AUTHOR',
      next: 'VERIFY',
      missing: ['the pull request marked ready for review'],
    };
  }
  const blocked = blockedDecision(f);
  if (blocked !== null) return blocked;
  const failed = [
    ...(f.checks?.failed ?? []).map((name) => `a fix for the failed check \`${name}\``),
    ...(f.ci?.gate === 'failed' ? [`a fix for the red run: ${f.ci.title}`] : []),
    ...(f.loop === 'interrupted' ? ['the loop run again: its last run was interrupted'] : []),
  ];
  if (failed.length > 0) {
    const names = f.checks?.failed.length ? `: ${f.checks.failed.join(', ')}` : '';
    return {
      stage: 'FAILED',
      summary:
        f.loop === 'interrupted' && !names
          ? 'Interrupted: the run was stopped'
          : `CI failed on ${sha}${names}`,
      action: 'RETRY',
      next: f.headIsLoopFix ? 'RETRY' : 'VERIFY',
      missing: failed,
    };
  }
  const running = [
    ...(f.checks?.running ?? []).map((name) => `the check \`${name}\` to finish`),
    ...(f.loop === 'running' ? ['the closed loop to finish'] : []),
    ...(f.ci?.gate === 'running' ? ['the re-run of the failed jobs to finish'] : []),
  ];
  const green = greenDecision(f, sha);
  if (running.length > 0) {
    return {
      stage: f.headIsLoopFix ? 'RETRY' : 'VERIFY',
      summary: f.headIsLoopFix ? `CI is checking the loop's fix ${sha}` : `CI is checking ${sha}`,
      action: 'WAIT_FOR_CI',
      next: green.stage,
      missing: running,
    };
  }
  // Nothing has reported on this head: nothing is known to pass, whatever the loop said about an earlier
  // head. A fix the loop just pushed waits for CI as RETRY; any other new head starts again at INIT.
  if (f.checks !== null && f.checks.passed === 0 && f.ci === null) {
    return {
      stage: f.headIsLoopFix ? 'RETRY' : 'INIT',
      summary: f.headIsLoopFix
        ? `no check has reported on the loop's fix ${sha} yet`
        : `no check has reported on ${sha} yet`,
      action: 'WAIT_FOR_CI',
      next: 'VERIFY',
      missing: [`a CI run on ${sha}`],
    };
  }
  return green;
}

function blockedDecision(f: StageFacts): StageDecision | null {
  const why = f.loopReason ? `: ${f.loopReason}` : '';
  const base = { stage: 'BLOCKED', action: 'WAIT_FOR_HUMAN', next: 'VERIFY' } as const;
  if (f.loop === 'blocked')
    return {
      ...base,
      summary: `Blocked: waiting for a person${why}`,
      missing: ['a person fixes what blocked the loop, then comments `/close-loop resume`'],
    };
  if (f.loop === 'dead_letter')
    return {
      ...base,
      summary: `Dead letter: the loop gave up; a person has to fix it${why}`,
      missing: ["a person's fix pushed to the branch (the dead-letter report says what was tried)"],
    };
  if (f.ci?.blocked)
    return {
      ...base,
      summary: f.ci.title,
      missing: [
        "a person's fix pushed to the branch, or `/close-loop resume` once a person fixed it (the report on this pull request says why)",
      ],
    };
  return null;
}

function greenDecision(f: StageFacts, sha: string): StageDecision {
  const gates = f.gates.filter((g) => g.pending && g.gate !== 'deploy');
  const deploy = f.gates.filter((g) => g.pending && g.gate === 'deploy');
  const unmet = f.criteria?.unmet ?? [];
  if (gates.length > 0 || unmet.length > 0) {
    const waits = [
      ...(gates.length > 0
        ? [`the ${gates.map((g) => g.gate).join(', ')} gate${gates.length > 1 ? 's' : ''}`]
        : []),
      ...(unmet.length > 0
        ? [`the acceptance criteria (${unmet.length} of ${f.criteria?.total ?? unmet.length} not met)`]
        : []),
    ];
    return {
      stage: 'VALIDATE',
      summary: `green at ${sha}; waiting for ${waits.join(' and ')}`,
      action: gates.length > 0 ? 'WAIT_FOR_APPROVAL' : 'WAIT_FOR_AUTHOR',
      next: deploy.length > 0 ? 'REVIEW' : 'SHIP',
      missing: [...gates.map((g) => g.missing), ...unmet.map((c) => `the acceptance criterion "${c}"`)],
    };
  }
  if (deploy.length > 0)
    return {
      stage: 'REVIEW',
      summary: `green at ${sha}; waiting for the deploy approval`,
      action: 'WAIT_FOR_APPROVAL',
      next: 'SHIP',
      missing: deploy.map((g) => g.missing),
    };
  const approved = f.gates.length > 0 ? ' and every gate is approved' : '';
  return {
    stage: 'SHIP',
    summary:
      f.checks === null
        ? `Green: the loop's checks pass on ${sha}`
        : `ready to merge: every check passed on ${sha}${approved}`,
    action: 'WAIT_FOR_MERGE',
    next: 'COMPLETE',
    missing: ['the merge'],
  };
}
