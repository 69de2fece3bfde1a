import type { Config } from '../config/schema.js';
import type { Gate } from '../vocabulary.js';
import type { GateApproval, GateSkip, GateState } from './gate-state.js';
import type { RequiredGate } from './required-gates.js';

/** An approval or skip that no longer counts because the gate's files changed since it was given. */
interface StaleDecision {
  kind: 'approval' | 'skip';
  by: string;
  /** The head SHA it was given on ("approved by @x on abc1234"). */
  approvedAt: string;
  /** When it was given (ISO time). */
  at: string;
}

export interface EvaluatedGate {
  gate: Gate;
  status: 'approved' | 'skipped' | 'pending';
  /** Who approved or skipped (when not pending). */
  by?: string;
  /** The skip's reason. */
  reason?: string;
  via?: 'label' | 'command';
  /** Whether the approval or skip was given on the head being evaluated. */
  onHead?: boolean;
  /** The gate's files changed since, and it counts only because the gate sets `invalidate_on_push: false`. */
  keptThroughPush?: boolean;
  /** Pending, but someone had approved (or skipped) before the gate's files changed. */
  stale?: StaleDecision;
  files: string[];
  more: number;
}

export interface EvaluateGatesOptions {
  headSha: string;
  gatesConfig: Config['gates'];
}

/**
 * Each required gate's status, in the order given. An approval counts when its fingerprint is the
 * gate's current one or, when the gate's `invalidate_on_push` is false, always; a skip likewise. An
 * approval wins over a skip. A record that no longer counts is reported as `stale`, not dropped.
 */
export function evaluateGates(
  required: readonly RequiredGate[],
  state: GateState,
  options: EvaluateGatesOptions,
): EvaluatedGate[] {
  return required.map(({ gate, fingerprint, files, more }) => {
    const counts = (record: { fingerprint: string }) =>
      record.fingerprint === fingerprint || !options.gatesConfig[gate].invalidate_on_push;
    const approval = latest(state.approvals.filter((a) => a.gate === gate));
    const skip = latest(state.skips.filter((s) => s.gate === gate));
    const base = { gate, files, more };
    const when = (record: GateApproval | GateSkip) => ({
      onHead: record.head_sha === options.headSha,
      ...(record.fingerprint === fingerprint ? {} : { keptThroughPush: true }),
    });
    if (approval && counts(approval))
      return { ...base, status: 'approved', by: approval.by, via: approval.via, ...when(approval) };
    if (skip && counts(skip))
      return { ...base, status: 'skipped', by: skip.by, reason: skip.reason, ...when(skip) };
    const stale = approval ? staleOf('approval', approval) : skip ? staleOf('skip', skip) : undefined;
    return stale ? { ...base, status: 'pending', stale } : { ...base, status: 'pending' };
  });
}

function staleOf(kind: StaleDecision['kind'], record: GateApproval | GateSkip): StaleDecision {
  return { kind, by: record.by, approvedAt: record.head_sha, at: record.at };
}

/** The most recent record: state read back may hold several per gate; on a tie, the later in the list. */
function latest<T extends { at: string }>(records: readonly T[]): T | undefined {
  return records.reduce<T | undefined>(
    (best, r) => (best === undefined || Date.parse(r.at) >= Date.parse(best.at) ? r : best),
    undefined,
  );
}
