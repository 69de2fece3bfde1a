import type { Config } from '../config/schema.js';
import { hasAtLeast, type AccessLevel } from '../gates/access-level.js';
import type { ConfiguredCommand } from './command-table.js';
import { COMMAND_PREFIX } from './command-table.js';

export type CommandDecision = { allowed: true } | { allowed: false; why: string; whoMay: string };

/** "people with write permission or higher". */
export function describeLevel(permission: Config['commands'][ConfiguredCommand]): string {
  return `people with ${permission} permission${permission === 'admin' ? '' : ' or higher'}`;
}

/**
 * Whether someone with `senderPermission` may run the command, by the config's `commands` section.
 * approve and skip are not here: they follow the gate's approvers (mayApprove). Ignoring comments
 * from bots (our own replies among them) is the caller's first guard.
 */
export function mayRunCommand(
  name: ConfiguredCommand,
  senderPermission: AccessLevel,
  config: Pick<Config, 'commands'>,
): CommandDecision {
  const need = config.commands[name];
  if (hasAtLeast(senderPermission, need)) return { allowed: true };
  const have =
    senderPermission === 'none' ? 'no permission on this repository' : `${senderPermission} permission`;
  return {
    allowed: false,
    why: `\`${COMMAND_PREFIX} ${name}\` needs ${need} permission or higher, and you have ${have}`,
    whoMay: describeLevel(need),
  };
}
