import { describe, expect, it } from 'vitest';
import { mayRunCommand } from '../../../src/core/pr-commands/may-run-command.js';
import { parseCommands } from '../../../src/core/pr-commands/parse-commands.js';
import { renderHelp } from '../../../src/core/pr-commands/render-help.js';
import { COMMAND_NAMES } from '../../../src/core/pr-commands/command-table.js';
import { defaultConfig, type Config } from '../../../src/core/config/schema.js';

const config = (
  commands: Partial<Config['commands']> = {},
  change: (c: Config) => void = () => {},
): Config => {
  const c = defaultConfig();
  c.commands = { ...c.commands, ...commands };
  change(c);
  return c;
};

describe('mayRunCommand', () => {
  it.each([
    ['status', 'read', true],
    ['status', 'none', false],
    ['help', 'read', true],
    ['verify', 'triage', true],
    ['retry', 'triage', false],
    ['retry', 'write', true],
    ['resume', 'read', false],
    ['resume', 'admin', true],
  ] as const)('%s by someone with %s permission: allowed %s (defaults)', (name, permission, allowed) => {
    expect(mayRunCommand(name, permission, defaultConfig()).allowed).toBe(allowed);
  });

  it('follows the config, and says what was needed and who may', () => {
    const decision = mayRunCommand('retry', 'write', config({ retry: 'maintain' }));
    expect(decision).toEqual({
      allowed: false,
      why: '`/close-loop retry` needs maintain permission or higher, and you have write permission',
      whoMay: 'people with maintain permission or higher',
    });
    expect(mayRunCommand('status', 'none', defaultConfig())).toMatchObject({
      why: expect.stringContaining('you have no permission on this repository'),
    });
  });
});

describe('renderHelp', () => {
  it('lists every command with its syntax and who may run it', () => {
    const help = renderHelp(config({ retry: 'maintain' }));
    for (const name of COMMAND_NAMES) expect(help).toContain(`\`/close-loop ${name}`);
    expect(help).toContain(
      '| `/close-loop retry` | runs the loop again on the current head | people with maintain permission or higher |',
    );
    expect(help).toContain('`/close-loop skip <gate> --reason "…"`');
    expect(help).toContain(
      '| `/close-loop apply [on\\|off]` | commits the proposed fix onto the head it was verified against; `on` / `off` make this pull request commit or propose its next fixes | people with write permission or higher |',
    );
    expect(help).toContain(
      "| `/close-loop undo` | reverts the loop's last fix commit on the branch with a new commit, and switches this pull request to `apply off` | people with write permission or higher |",
    );
    expect(help).toContain(
      "| `/close-loop approve <gate>` | approves a human gate for its current files; a push that changes them asks again | the gate's approvers (below) |",
    );
  });

  it('says who may approve each gate, which gates are off and which keep approvals through pushes', () => {
    const help = renderHelp(
      config({}, (c) => {
        c.gates.database.paths = [];
        c.gates.security.approvers.teams = ['security'];
        c.gates.deploy.invalidate_on_push = false;
      }),
      'acme',
    );
    expect(help).toContain('| database | switched off (`paths: []`) |');
    expect(help).toContain(
      "| security | members of @acme/security, with maintain permission or higher (not the pull request's author) |",
    );
    expect(help).toMatch(/\| deploy \| .*; an approval survives later pushes \|/);
  });

  it('cannot be read back as commands (a reply must not trigger itself)', () => {
    expect(parseCommands(renderHelp(defaultConfig()))).toEqual([]);
  });
});
