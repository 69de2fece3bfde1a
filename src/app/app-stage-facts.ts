import type { StageFacts } from '../core/controller/stage-facts.js';
import type { EvaluatedGate } from '../core/gates/evaluate-gates.js';
import { missingApproval } from '../core/gates/gate-check-text.js';
import type { RunEntry } from '../core/pull-request/ci-state.js';
import type { LoopMemory } from '../core/pull-request/loop-memory.js';
import type { CiRunView } from '../core/pull-request/render-red-run.js';
import type { LoopStanding, VerificationMemory } from './app-state.js';
import type { PrSnapshot } from './gather-pr.js';

/** Check conclusions that count as passed (as the gate check counts them). */
const PASSED = new Set(['success', 'neutral', 'skipped']);

const LOOP: Record<LoopStanding, StageFacts['loop']> = {
  none: 'none',
  blocked: 'blocked',
  resumed: 'resumed',
  failed: 'dead_letter',
  success: 'success',
  interrupted: 'interrupted',
};

/** The stage facts of a pull request as the App reads them from GitHub on a delivery. */
export function appStageFacts(input: {
  snapshot: PrSnapshot;
  evaluated: readonly EvaluatedGate[];
  standing: LoopStanding;
  memory: LoopMemory | null;
  /**
   * The newest red run of this head without the Action, its view, and whether a person resumed the block
   * its deep failure set.
   */
  ci: { entry: RunEntry; view: CiRunView; resumed: boolean } | null;
  verification: VerificationMemory | null;
}): StageFacts {
  const { pr, checks, config } = input.snapshot;
  const verified = input.verification?.head_sha === pr.headSha ? input.verification : null;
  // A person resumed the red run's block: said as a resumed loop is, unless the Action's loop says more.
  const resumedCi = input.ci?.resumed === true && (input.standing === 'none' || input.standing === 'success');
  return {
    pr: { open: pr.state === 'open' && !pr.merged, merged: pr.merged, draft: pr.draft, headSha: pr.headSha },
    checks: {
      failed: checks.filter((c) => c.conclusion !== null && !PASSED.has(c.conclusion)).map((c) => c.name),
      running: checks.filter((c) => c.conclusion === null).map((c) => c.name),
      passed: checks.filter((c) => c.conclusion !== null && PASSED.has(c.conclusion)).length,
    },
    loop: resumedCi ? 'resumed' : LOOP[input.standing],
    ci: input.ci
      ? {
          gate: input.ci.view.gate,
          blocked: input.ci.entry.verdict === 'deep' && !input.ci.resumed,
          title: input.ci.view.title,
        }
      : null,
    headIsLoopFix: input.memory?.fix_commits.some((c) => c.sha === pr.headSha) ?? false,
    gates: input.evaluated.map((g) => ({
      gate: g.gate,
      pending: g.status === 'pending',
      missing: missingApproval(g, config.gates[g.gate], pr.owner),
    })),
    criteria:
      verified === null
        ? null
        : {
            total: verified.criteria.length,
            unmet: verified.criteria.filter((c) => c.status !== 'pass').map((c) => c.text),
          },
  };
}
