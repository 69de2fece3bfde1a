import { defaultConfig, type Config } from '../../../src/core/config/schema.js';
import type { GateApproval, GateSkip } from '../../../src/core/gates/gate-state.js';
import type { Gate } from '../../../src/core/vocabulary.js';

export const HEAD = 'b'.repeat(40);
export const OLD_HEAD = 'a'.repeat(40);
export const blob = (n: number): string => n.toString(16).padStart(40, '0');

/** The default gates, with the named gates' settings changed. */
export function gatesWith(
  changes: Partial<
    Record<
      Gate,
      Partial<Omit<Config['gates'][Gate], 'approvers'>> & {
        approvers?: Partial<Config['gates'][Gate]['approvers']>;
      }
    >
  > = {},
): Config['gates'] {
  const gates = defaultConfig().gates;
  for (const [gate, change] of Object.entries(changes) as [Gate, (typeof changes)[Gate]][]) {
    gates[gate] = {
      ...gates[gate],
      ...change,
      approvers: { ...gates[gate].approvers, ...change?.approvers },
    };
  }
  return gates;
}

export const approval = (
  gate: Gate,
  fingerprint: string,
  over: Partial<GateApproval> = {},
): GateApproval => ({
  gate,
  by: 'alice',
  at: '2026-03-01T10:00:00Z',
  head_sha: OLD_HEAD,
  fingerprint,
  via: 'command',
  ...over,
});

export const skip = (gate: Gate, fingerprint: string, over: Partial<GateSkip> = {}): GateSkip => ({
  gate,
  by: 'carol',
  at: '2026-03-01T11:00:00Z',
  reason: 'docs-only change to the Dockerfile comments',
  head_sha: OLD_HEAD,
  fingerprint,
  ...over,
});
