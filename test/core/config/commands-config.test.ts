import { describe, expect, it } from 'vitest';
import { formatConfigError, parseConfig } from '../../../src/core/config/parse-config.js';
import { defaultConfig } from '../../../src/core/config/schema.js';

const FILE = '.github/closed-loop.yml';

describe('config: commands', () => {
  it('lets anyone with read run status, verify and help, and write retry, fix, resume, apply and undo, by default', () => {
    expect(defaultConfig().commands).toEqual({
      status: 'read',
      verify: 'read',
      help: 'read',
      retry: 'write',
      fix: 'write',
      resume: 'write',
      apply: 'write',
      undo: 'write',
    });
  });

  it('changes only the commands it names', () => {
    const result = parseConfig('version: 1\ncommands:\n  retry: maintain\n', FILE);
    expect(result.ok && result.config.commands).toEqual({ ...defaultConfig().commands, retry: 'maintain' });
  });

  it.each([
    [
      'a permission that does not exist',
      'commands:\n  retry: owner',
      '.github/closed-loop.yml:3:10: commands.retry: expected read, triage, write, maintain or admin, found "owner"',
    ],
    [
      'approve, which follows the gate approvers',
      'commands:\n  approve: write',
      '.github/closed-loop.yml:3:3: commands.approve: unknown key',
    ],
  ])('refuses %s', (_what, yaml, message) => {
    const result = parseConfig(`version: 1\n${yaml}\n`, FILE);
    expect(result.ok ? 'valid' : formatConfigError(result.error)).toMatch(message);
  });
});
