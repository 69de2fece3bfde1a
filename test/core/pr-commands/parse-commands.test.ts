import { describe, expect, it } from 'vitest';
import { MAX_COMMANDS, parseCommands } from '../../../src/core/pr-commands/parse-commands.js';

const lines = (...text: string[]) => text.join('\n');
const names = (body: string) => parseCommands(body).map((c) => `${c.name} ${c.args.join(' ')}`.trim());

describe('parseCommands', () => {
  it.each([
    ['one command', '/close-loop status', ['status']],
    ['a command name in capitals', '/close-loop RETRY', ['retry']],
    [
      'commands among prose',
      lines('Thanks!', '/close-loop approve security', 'and', '  /close-loop verify'),
      ['approve security', 'verify'],
    ],
    ['a bare prefix (help)', '/close-loop', ['help']],
    ['the prefix inside a sentence', 'please run /close-loop retry', []],
    ['the prefix glued to a word', '/close-loopy retry', []],
    [
      'a command in a fenced block',
      lines('```', '/close-loop approve security', '```', '/close-loop status'),
      ['status'],
    ],
    [
      'a command in a tilde fence with an info string',
      lines('~~~~text', '/close-loop retry', '~~~', 'still code', '~~~~'),
      [],
    ],
    [
      'a command in a quote (a reply)',
      lines('> /close-loop approve security', '>/close-loop retry', 'No.'),
      [],
    ],
    ['a command indented as code', '    /close-loop retry', []],
    [
      'an inline-code line that looks like a fence',
      lines('```/close-loop```', '/close-loop status'),
      ['status'],
    ],
    ['CRLF line ends', '/close-loop approve deploy\r\n/close-loop status\r\n', ['approve deploy', 'status']],
    [
      'several gates, repeated and in capitals',
      '/close-loop approve Security database security',
      ['approve security database'],
    ],
  ])('%s', (_what, body, expected) => {
    expect(names(body)).toEqual(expected);
  });

  it('gives each command its line and raw text, counting CRLF lines right', () => {
    expect(parseCommands('hi\r\n\r\n /close-loop status now ')).toEqual([
      { name: 'status', args: ['now'], raw: '/close-loop status now', line: 3 },
    ]);
  });

  it.each([
    ['straight quotes', '/close-loop skip deploy --reason "only docs changed"', 'only docs changed'],
    ['smart quotes', '/close-loop skip deploy --reason “only docs changed”', 'only docs changed'],
    ['single quotes', "/close-loop skip deploy --reason 'it's docs'", "it's docs"],
    ['no quotes', '/close-loop skip deploy --reason only docs changed', 'only docs changed'],
    ['--reason=', '/close-loop skip deploy --reason="only docs"', 'only docs'],
    ['--reason= without quotes', '/close-loop skip deploy --reason=docs', 'docs'],
    ["a phone's em dash", '/close-loop skip deploy —reason “docs”', 'docs'],
  ])('reads a skip reason in %s', (_what, body, reason) => {
    const [command] = parseCommands(body);
    expect(command).toMatchObject({ name: 'skip', args: ['deploy'], reason });
    expect(command?.error).toBeUndefined();
  });

  it.each([
    [
      'a skip without a reason',
      '/close-loop skip deploy',
      /a skip needs a reason.*--reason "why this gate does not apply"/,
    ],
    ['a skip with an empty reason', '/close-loop skip deploy --reason ""', /a skip needs a reason/],
    [
      'a skip with an overlong reason',
      `/close-loop skip deploy --reason ${'x'.repeat(501)}`,
      /501 characters long; keep it under 500/,
    ],
    [
      'an approve without a gate',
      '/close-loop approve',
      /name the gate: `\/close-loop approve <gate>`, where <gate> is one of architecture, security/,
    ],
    ['a misspelt gate', '/close-loop approve secruity', /unknown gate "secruity"; did you mean "security"\?/],
    [
      'an unknown gate, nothing close',
      '/close-loop approve everything',
      /unknown gate "everything" — the gates are architecture, security, database, external, deploy$/,
    ],
    [
      'a misspelt option',
      '/close-loop skip deploy --reson "x"',
      /unknown option "--reson"; did you mean --reason\?/,
    ],
    [
      'a misspelt gate and no reason',
      '/close-loop skip deploi',
      /did you mean "deploy"\?.*; and a skip needs a reason/,
    ],
    [
      'a misspelt command',
      '/close-loop aprove security',
      /unknown command "aprove"; did you mean `\/close-loop approve`\?/,
    ],
  ])('explains %s', (_what, body, error) => {
    const [command] = parseCommands(body);
    expect(command?.error).toMatch(error);
  });

  it('marks an unknown command as unknown and keeps its words', () => {
    expect(parseCommands('/close-loop merge now')[0]).toMatchObject({
      name: 'unknown',
      args: ['merge', 'now'],
    });
  });

  it(`runs at most ${MAX_COMMANDS} commands and says how many were ignored`, () => {
    const body = Array.from({ length: 13 }, () => '/close-loop status').join('\n');
    const parsed = parseCommands(body);
    expect(parsed).toHaveLength(MAX_COMMANDS + 1);
    expect(parsed.slice(0, MAX_COMMANDS).every((c) => c.name === 'status' && c.error === undefined)).toBe(
      true,
    );
    expect(parsed[MAX_COMMANDS]).toMatchObject({
      line: 11,
      error: expect.stringMatching(/at most 10 commands; the 3 from line 11 on were ignored/),
    });
  });

  it('finds nothing in a comment without commands, and never throws on odd input', () => {
    expect(parseCommands('')).toEqual([]);
    expect(parseCommands('```\n/close-loop retry')).toEqual([]);
    expect(() => parseCommands('/close-loop skip "\u0000 --reason “')).not.toThrow();
  });

  it.each([
    ['/close-loop apply', 'apply', [], undefined],
    ['/close-loop apply ON', 'apply', ['on'], undefined],
    ['/close-loop apply off', 'apply', ['off'], undefined],
    [
      '/close-loop apply now please',
      'apply',
      ['now', 'please'],
      /`\/close-loop apply` takes nothing \(commit the proposed fix\), `on` or `off`, not "now please"/,
    ],
    ['/close-loop undo', 'undo', [], undefined],
    ['/close-loop undo abc1234', 'undo', ['abc1234'], /`\/close-loop undo` takes no arguments/],
  ])('reads %j', (line, name, args, error) => {
    const [command] = parseCommands(line);
    expect(command).toMatchObject({ name, args });
    if (error === undefined) expect(command!.error).toBeUndefined();
    else expect(command!.error).toMatch(error);
  });
});
