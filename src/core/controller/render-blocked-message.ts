import type { ControllerState } from './controller-state.js';

export type BlockedMessage = {
  systemName: string;
  reason: string;
  lastFailure: string;
  retryAttempts: number;
  maxRetries: number;
  tried: readonly string[];
  humanAction: string;
  resumeState: string;
};

/** The seed's "BLOCKED" message, in its markdown format. */
export function renderBlockedMessage(m: BlockedMessage): string {
  const tried = m.tried.length > 0 ? m.tried.map((t, i) => `${i + 1}. ${t}`) : ['1. Nothing was tried yet'];
  return [
    `## 🚫 BLOCKED: ${m.systemName}`,
    '',
    `**Reason:** ${m.reason}`,
    `**Last Failure:** ${m.lastFailure}`,
    `**Retry Attempts:** ${m.retryAttempts} / ${m.maxRetries}`,
    '',
    '**What was tried:**',
    ...tried,
    '',
    '**Human action needed:**',
    m.humanAction,
    '',
    '**To resume:**',
    '1. Resolve the issue',
    `2. Update loop-state.json: set state to ${m.resumeState}`,
    '3. Run loop controller',
    '',
  ].join('\n');
}

/** The message's facts taken from a BLOCKED state; the ask comes from the caller. */
export function blockedMessageFor(state: ControllerState, humanAction: string): BlockedMessage {
  const history = state.failures.history;
  const last = history[history.length - 1];
  return {
    systemName: state.systemName,
    reason: state.blockedReason ?? 'unknown',
    lastFailure: last ? `${last.stage}: ${last.error}` : 'none recorded',
    retryAttempts: state.failures.count,
    maxRetries: state.failures.maxRetries,
    tried: history
      .filter((h) => !h.resolvedAt || h.resolution)
      .map((h) => `${h.stage}: ${h.resolution ?? h.error}`),
    humanAction,
    resumeState: state.resumeState ?? state.failures.lastFailedStage ?? 'INIT',
  };
}
