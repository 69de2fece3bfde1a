import { z } from 'zod';
import { GateSchema, type Gate } from '../vocabulary.js';

/** Caps for state read back from a GitHub comment (untrusted): one record per gate is all we write. */
export const MAX_GATE_RECORDS = 20;
export const MAX_SKIP_REASON = 500;

const LoginSchema = z.string().regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/, { message: 'a GitHub login' });
const ShaSchema = z.string().regex(/^[0-9a-f]{40}$/, { message: 'a full 40-character commit SHA' });
const FingerprintSchema = z
  .string()
  .regex(/^[0-9a-f]{64}$/, { message: 'a gate fingerprint (64 hex digits)' });

const GateApprovalSchema = z.strictObject({
  gate: GateSchema,
  by: LoginSchema,
  at: z.iso.datetime(),
  head_sha: ShaSchema,
  fingerprint: FingerprintSchema,
  via: z.enum(['label', 'command']),
});

/**
 * A skip is an override by someone allowed to approve, with a reason. It carries the gate's
 * fingerprint and lasts exactly as long as an approval would: until the gate's files change (or,
 * with `invalidate_on_push: false`, for good). A skip tied to one head would be asked for again on
 * every rebase; one that lasted for ever would wave through whatever is pushed after it.
 */
const GateSkipSchema = z.strictObject({
  gate: GateSchema,
  by: LoginSchema,
  at: z.iso.datetime(),
  reason: z.string().trim().min(1).max(MAX_SKIP_REASON),
  head_sha: ShaSchema,
  fingerprint: FingerprintSchema,
});

export const GateStateSchema = z.strictObject({
  version: z.literal(1),
  approvals: z.array(GateApprovalSchema).max(MAX_GATE_RECORDS),
  skips: z.array(GateSkipSchema).max(MAX_GATE_RECORDS),
});

export type GateApproval = z.infer<typeof GateApprovalSchema>;
export type GateSkip = z.infer<typeof GateSkipSchema>;
export type GateState = z.infer<typeof GateStateSchema>;

export function emptyGateState(): GateState {
  return { version: 1, approvals: [], skips: [] };
}

/** The state in `value`, or null when it is not a valid one. Never throws: the comment is untrusted. */
export function parseGateState(value: unknown): GateState | null {
  const parsed = GateStateSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * Records an approval; it replaces any earlier approval of the same gate. The same approval again (a
 * redelivered label or command: same person, head and files) keeps the first record, so a duplicate
 * delivery changes nothing. Throws on an invalid record (a caller's bug).
 */
export function recordApproval(state: GateState, approval: GateApproval): GateState {
  const record = GateApprovalSchema.parse(approval);
  if (state.approvals.some((a) => sameRecord(a, record) && a.via === record.via)) return state;
  return { ...state, approvals: [...state.approvals.filter((a) => a.gate !== record.gate), record] };
}

/**
 * Records a skip (its reason trimmed); it replaces any earlier skip of the same gate; the same skip again
 * changes nothing. Throws on an empty reason.
 */
export function recordSkip(state: GateState, skip: GateSkip): GateState {
  const record = GateSkipSchema.parse(skip);
  if (state.skips.some((s) => sameRecord(s, record) && s.reason === record.reason)) return state;
  return { ...state, skips: [...state.skips.filter((s) => s.gate !== record.gate), record] };
}

const sameRecord = (a: GateApproval | GateSkip, b: GateApproval | GateSkip): boolean =>
  a.gate === b.gate && a.by === b.by && a.head_sha === b.head_sha && a.fingerprint === b.fingerprint;

/** Drops the gate's approval (its `approved:` label was taken off); a skip of the gate stays. */
export function withdrawApproval(state: GateState, gate: Gate): GateState {
  return { ...state, approvals: state.approvals.filter((a) => a.gate !== gate) };
}
