import type { RunEntry } from '../core/pull-request/ci-state.js';
import { ciRunLead } from '../core/pull-request/ci-run-lead.js';
import type { LoopMemory } from '../core/pull-request/loop-memory.js';
import { renderFailureLead, type BlobBase, type FailureLead } from '../core/report/failure-lead.js';
import type { AppState } from './app-state.js';
import type { PrFacts } from './pull-request-facts.js';

/** The blob base of the pull request's head: what the App's reports link `file:line` to. */
export function blobBaseOf(pr: PrFacts): BlobBase {
  return { serverUrl: pr.serverUrl, repository: `${pr.owner}/${pr.repo}`, sha: pr.headSha };
}

/**
 * The failure lead the `closed-loop` check run and the sticky comment open with, linked to the blob at the
 * pull request's head: the Action's loop that stopped on this head (escalated or dead letter) first, else
 * the head's newest red run without the Action while it is red. Null when nothing on this head failed.
 * Its texts were masked where they entered the App (the result, the job log).
 */
export function failureLeadFor(
  pr: PrFacts,
  state: AppState,
  memory: LoopMemory | null,
  latest: RunEntry | undefined,
): string | null {
  const loop =
    state.lead?.head_sha === pr.headSha && memory?.status !== 'success' ? state.lead.failure : null;
  const lead: FailureLead | null = loop ?? (latest === undefined ? null : ciRunLead(latest));
  if (lead === null) return null;
  return renderFailureLead(lead, { base: blobBaseOf(pr) });
}
