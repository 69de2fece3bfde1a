import type { EvaluatedGate } from './evaluate-gates.js';
import { describeApprovers, type GateConfig } from './describe-approvers.js';
import { inlineCode } from '../report/markdown-text.js';

/** Untrusted text (a skip reason, a check or file name) as one table cell: one line, no HTML, no pipes. */
export function cell(text: string, max = 200): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const clipped = line.length <= max ? line : `${line.slice(0, max - 1)}…`;
  return (
    clipped
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/\|/g, '\\|')
      .replace(/`/g, "'") || '–'
  );
}

const shortSha = (sha: string): string => sha.slice(0, 7);

/** "security approval from members of @acme/security, with maintain permission or higher". */
export function missingApproval(gate: EvaluatedGate, gateConfig: GateConfig, owner?: string): string {
  const from = `${gate.gate} approval from ${describeApprovers(gateConfig, owner)}`;
  if (!gate.stale) return from;
  const what = gate.stale.kind === 'approval' ? 'approved' : 'skipped';
  return `${from} — @${gate.stale.by} ${what} it on ${shortSha(gate.stale.approvedAt)}, but the gate's files changed since`;
}

/** The gate's row: status and who, then the files that need it. */
export function gateRow(gate: EvaluatedGate, gateConfig: GateConfig, owner?: string): string {
  const where = gate.onHead
    ? 'on this commit'
    : gate.keptThroughPush
      ? "on an earlier commit, kept although the gate's files changed (invalidate_on_push: false)"
      : "on an earlier commit; the gate's files are unchanged since";
  const status =
    gate.status === 'approved'
      ? `✅ approved by @${gate.by ?? '?'} ${where}`
      : gate.status === 'skipped'
        ? `⏭️ skipped by @${gate.by ?? '?'} ${where}: "${cell(gate.reason ?? '')}"`
        : `⏳ waiting for ${cell(missingApproval(gate, gateConfig, owner), 400)}`;
  const files = gate.files.map((f) => inlineCode(f, 150)).join(', ');
  return `| ${gate.gate} | ${status} | ${files}${gate.more > 0 ? ` and ${gate.more} more` : ''} |`;
}
