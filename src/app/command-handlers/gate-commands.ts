import { recordApproval, recordSkip } from '../../core/gates/gate-state.js';
import type { ParsedCommand } from '../../core/pr-commands/parse-commands.js';
import type { Gate } from '../../core/vocabulary.js';
import type { AppEnv } from '../app-env.js';
import type { AppState } from '../app-state.js';
import { checkApprover } from '../check-approver.js';
import { where } from '../pull-request-facts.js';
import type { PrSnapshot } from '../gather-pr.js';

/**
 * `/close-loop approve <gate>…` and `/close-loop skip <gate> --reason "…"`: each gate is decided on its
 * own against the gate's approvers (GitHub's record of the sender's permission and teams).
 * Returns the new state and one reply line per gate.
 */
export async function runGateCommand(
  env: AppEnv,
  snapshot: PrSnapshot,
  state: AppState,
  command: ParsedCommand,
  sender: string,
): Promise<{ state: AppState; lines: string[] }> {
  const lines: string[] = [];
  let next = state;
  const { pr } = snapshot;
  for (const gate of command.args as Gate[]) {
    const required = snapshot.required.find((r) => r.gate === gate);
    if (required === undefined) {
      lines.push(
        `- **${gate}**: not needed: none of this change's files match the ${gate} gate's paths; nothing recorded.`,
      );
      continue;
    }
    const decision = await checkApprover(env, snapshot, sender, gate);
    if (!decision.allowed) {
      lines.push(`- **${gate}**: refused: ${decision.why}. Who may ${command.name} it: ${decision.whoMay}.`);
      continue;
    }
    const at = new Date().toISOString();
    if (command.name === 'skip') {
      next = {
        ...next,
        gates: recordSkip(next.gates, {
          gate,
          by: sender,
          at,
          reason: command.reason ?? '',
          head_sha: pr.headSha,
          fingerprint: required.fingerprint,
        }),
      };
      lines.push(
        `- **${gate}**: skipped by @${sender} on ${pr.headSha.slice(0, 7)}, reason on record: ${command.reason ?? ''}. It holds until the gate's files change.`,
      );
    } else {
      next = {
        ...next,
        gates: recordApproval(next.gates, {
          gate,
          by: sender,
          at,
          head_sha: pr.headSha,
          fingerprint: required.fingerprint,
          via: 'command',
        }),
      };
      lines.push(
        `- **${gate}**: approved by @${sender} on ${pr.headSha.slice(0, 7)}${snapshot.config.gates[gate].invalidate_on_push ? "; a push that changes the gate's files asks again" : ''}.`,
      );
    }
    env.log.info(
      `${where(pr)}: ${gate} ${command.name === 'skip' ? 'skipped' : 'approved'} by @${sender} (command)`,
    );
  }
  return { state: next, lines };
}
