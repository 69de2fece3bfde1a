import type { Config } from '../config/schema.js';
import { describeApprovers } from '../gates/describe-approvers.js';
import { GATES } from '../vocabulary.js';
import { COMMAND_NAMES, COMMAND_PREFIX, COMMANDS, type CommandName } from './command-table.js';
import { MAX_COMMANDS } from './parse-commands.js';
import { describeLevel } from './may-run-command.js';

const whoMay = (name: CommandName, config: Config): string =>
  name === 'approve' || name === 'skip'
    ? "the gate's approvers (below)"
    : describeLevel(config.commands[name]);

/**
 * The reply to `/close-loop help`: every command, its syntax and who may run it, then who may
 * approve each gate under this repository's config. No line starts with the command prefix, so the
 * reply itself can never be read as a command.
 */
export function renderHelp(config: Config, owner?: string): string {
  const commands = COMMAND_NAMES.map(
    (name) =>
      // A pipe splits a table cell even inside code (GitHub's tables): `apply [on|off]` is escaped.
      `| \`${COMMAND_PREFIX} ${COMMANDS[name].syntax.replace(/\|/g, '\\|')}\` | ${COMMANDS[name].does} | ${whoMay(name, config)} |`,
  );
  const gates = GATES.map((gate) => {
    const gateConfig = config.gates[gate];
    if (gateConfig.paths.length === 0) return `| ${gate} | switched off (\`paths: []\`) |`;
    const lasting = gateConfig.invalidate_on_push ? '' : '; an approval survives later pushes';
    return `| ${gate} | ${describeApprovers(gateConfig, owner)}${lasting} |`;
  });
  return [
    '### closed-loop commands',
    '',
    `Write a command at the start of a line in a pull request comment, outside quotes and code blocks; a comment runs at most ${MAX_COMMANDS}.`,
    '',
    '| command | what it does | who may run it |',
    '| --- | --- | --- |',
    ...commands,
    '',
    '### Who may approve or skip each gate',
    '',
    'Adding the label `approved:<gate>` approves too, when the person adding it may approve; from anyone else it is taken off again.',
    '',
    '| gate | approvers |',
    '| --- | --- |',
    ...gates,
  ].join('\n');
}
