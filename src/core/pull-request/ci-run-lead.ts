import type { FailureLead } from '../report/failure-lead.js';
import { toolFor } from '../report/tool-for.js';
import type { RunEntry } from './ci-state.js';

const EXCERPT_LINES = 8;

/**
 * What failed in a red run without the Action, as the failure lead shows it: the first failed job with a
 * located place (else with a recognised pattern, else with evidence), its places with the tool's message,
 * and the evidence's first lines. Null after a run that passed on re-run, or when no job was read.
 */
export function ciRunLead(entry: RunEntry): FailureLead | null {
  if (entry.verdict === 'flaky') return null;
  const job =
    entry.jobs.find((j) => j.places.length > 0) ??
    entry.jobs.find((j) => j.pattern !== null) ??
    entry.jobs.find((j) => j.evidence !== null);
  if (job === undefined) return null;
  const text = job.evidence?.text.trim() ?? '';
  return {
    check: job.job,
    tool: toolFor(job.pattern, text),
    places: job.places.map((p) => ({ ...p })),
    excerpt: text === '' ? null : text.split('\n').slice(0, EXCERPT_LINES).join('\n'),
  };
}
