import type { Config } from '../core/config/schema.js';
import { AppStateSchema, emptyAppState, type AppState } from './app-state.js';
import { emptyGateState } from '../core/gates/gate-state.js';
import { requiredGates, type RequiredGate } from '../core/gates/required-gates.js';
import type { CiPrState } from '../core/pull-request/ci-state.js';
import type { LoopMemory } from '../core/pull-request/loop-memory.js';
import { listHeadChecks, type HeadCheck } from '../github/list-head-checks.js';
import { listPullFiles, type PullFile } from '../github/list-pull-files.js';
import { prefetchPullRequest } from '../github/prefetch-pull-request.js';
import { readRepoConfig } from '../github/read-repo-config.js';
import { GATE_CHECK_NAME, type AppEnv } from './app-env.js';
import { where, type PrFacts } from './pull-request-facts.js';
import { readPrState } from './read-pr-state.js';

/** Everything the App decides from, read fresh from GitHub on each delivery (it keeps no state). */
export interface PrSnapshot {
  pr: PrFacts;
  config: Config;
  memory: LoopMemory | null;
  state: AppState;
  /** The red runs without the Action the App diagnosed on this PR. */
  ci: CiPrState;
  files: PullFile[];
  required: RequiredGate[];
  checks: HeadCheck[];
}

export type Gathered = { ok: true; snapshot: PrSnapshot } | { ok: false; pr: PrFacts; configError: string };

/**
 * Reads the config (default branch), the PR's state, its changed files, the gates they need and the head's
 * checks (most of it in one GraphQL query).
 */
export async function gatherPr(env: AppEnv, pr: PrFacts): Promise<Gathered> {
  const repo = { owner: pr.owner, repo: pr.repo };
  // no request when fetchPrFacts made it
  await prefetchPullRequest(env.octokit, { ...repo, number: pr.number });
  const config = await readRepoConfig(env.octokit, { ...repo, ref: pr.defaultBranch });
  if (!config.ok) return { ok: false, pr, configError: config.message };
  const target = { ...repo, issue_number: pr.number };
  const [state, files, checks] = await Promise.all([
    readPrState(env.octokit, target, {
      author: env.botLogin,
      secret: env.secret,
      gateSchema: AppStateSchema,
      ownEdits: env.ownEdits,
      unverified: (state) => ({ ...state, gates: emptyGateState() }),
    }),
    listPullFiles(env.octokit, { ...repo, number: pr.number }),
    listHeadChecks(env.octokit, { ...repo, sha: pr.headSha }, [GATE_CHECK_NAME]),
  ]);
  for (const note of state.notes) env.log.warn(`${where(pr)}: ${note}`);
  return {
    ok: true,
    snapshot: {
      pr,
      config: config.config,
      memory: state.memory,
      state: state.gates ?? emptyAppState(),
      ci: state.ci,
      files,
      required: requiredGates(files, config.config.gates),
      checks,
    },
  };
}
