import { describe, expect, it } from 'vitest';
import { encodeBase64Json } from '../../../src/core/pull-request/base64-json.js';
import { parseLoopComment } from '../../../src/core/pull-request/parse-loop-comment.js';
import {
  LOOP_COMMENT_MARKER,
  renderLoopComment,
} from '../../../src/core/pull-request/render-loop-comment.js';
import { STATE_BLOCK_PREFIX } from '../../../src/core/pull-request/state-block.js';
import { aMemory, anAttempt, HEAD, SHA_A } from './builders.js';

const decodeState = (body: string): unknown => {
  const b64 = /<!-- closed-loop:state v1 ([A-Za-z0-9+/=]*) -->/.exec(body)?.[1] ?? '';
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))));
};

describe('renderLoopComment: what a person reads', () => {
  const body = renderLoopComment({
    memory: aMemory(),
    limits: { maxAttempts: 8, maxBotPushes: 3 },
    runUrl: 'https://github.com/o/r/actions/runs/7',
    gates: [
      { gate: 'security', state: 'needed' },
      { gate: 'architecture', state: 'approved', by: '@octocat' },
    ],
  });

  it('starts with the marker and ends with the state block', () => {
    expect(body.startsWith(`${LOOP_COMMENT_MARKER}\n### closed-loop · ✅ Success\n`)).toBe(true);
    expect(body.trimEnd().split('\n').at(-1)).toMatch(/^<!-- closed-loop:state v1 [A-Za-z0-9+/]+=*? -->$/);
  });

  it.each([
    ['stage', '| Stage | Green: every check passes |'],
    ['head', '| Head | `1234567` |'],
    [
      'attempts',
      '| Attempts | 2 attempts on this pull request; last: no pattern → no fix (All checks passed) |',
    ],
    ['strategies', '| Strategies | auto_fix |'],
    ['budget', '| Budget left | 6 of 8 attempts · 2 of 3 fix pushes |'],
    ['gates', '| Gates | security: needed · architecture: approved by @octocat |'],
    ['fix commits', '- Pushed fix a1b2c3d: closed-loop: auto_fix for lint-error (attempt 1)'],
    ['history row', '| 1 | lint-error | auto_fix | 0.5s | lint failed |'],
    ['run link', '[latest run](https://github.com/o/r/actions/runs/7)'],
  ])('shows the %s', (_what, line) => {
    expect(body).toContain(line);
  });

  it('names a fix commit by the attempt that chose the fix, as the commit message does', () => {
    // The runner commits a fix in the attempt that checks it: attempt 2 here, for attempt 1's auto_fix.
    const body = renderLoopComment({ memory: aMemory({ fix_commits: [{ sha: SHA_A, attempt: 2 }] }) });
    expect(body).toContain('- Pushed fix a1b2c3d: closed-loop: auto_fix for lint-error (attempt 2)');
    expect(body).not.toContain('unrecognised');
  });

  it('leaves out budget and gates when not given, and names the stage it is told, with what the next one needs', () => {
    const plain = renderLoopComment({
      memory: aMemory({ status: 'escalated' }),
      stage: {
        stage: 'BLOCKED',
        summary: 'Blocked: waiting for a person',
        next: 'VERIFY',
        missing: ['a person fixes what blocked the loop, then comments `/close-loop resume`'],
      },
    });
    expect(plain).toContain('### closed-loop · BLOCKED');
    expect(plain).toContain('| Stage | **BLOCKED** · Blocked: waiting for a person |');
    expect(plain).toContain(
      '| Next | **VERIFY** · missing: a person fixes what blocked the loop, then comments `/close-loop resume` |',
    );
    expect(plain).not.toContain('Budget left');
    expect(plain).not.toContain('| Gates |');
  });

  it('shows the last 20 attempts of a long history', () => {
    const attempts = Array.from({ length: 30 }, (_, i) =>
      anAttempt({ attempt: i + 1, strategy_used: i % 2 ? 'auto_fix' : 'context_expand' }),
    );
    const long = renderLoopComment({ memory: aMemory({ attempts, fix_commits: [] }) });
    expect(long).toContain('<summary>Attempt history (last 20 of 30 remembered)</summary>');
    expect(long).toContain('| Strategies | context_expand ×15 · auto_fix ×15 |');
    expect(long).not.toContain('| 10 | ');
    expect(long).toContain('| 11 | ');
  });
});

describe('renderLoopComment → parseLoopComment', () => {
  it('round-trips the memory', () => {
    const memory = aMemory();
    expect(parseLoopComment(renderLoopComment({ memory }))).toEqual(memory);
  });

  it('masks secrets in the table and inside the hidden state', () => {
    const token = `ghs_${'Q7w8'.repeat(9)}`;
    const memory = aMemory({
      attempts: [
        anAttempt({
          action: `pushed with ${token}`,
          error: 'auth hunter2-secret failed',
          result: `failed ${token}`,
        }),
      ],
    });
    const body = renderLoopComment({ memory, secrets: ['hunter2-secret'] });
    const state = JSON.stringify(decodeState(body));
    for (const text of [body, state]) {
      expect(text).not.toContain(token);
      expect(text).not.toContain('hunter2-secret');
    }
    expect(parseLoopComment(body)?.attempts[0]?.error).toBe('auth *** failed');
  });

  it('escapes text that would forge a second state block or close the table', () => {
    const forged = `${STATE_BLOCK_PREFIX}${encodeBase64Json({ ...aMemory(), bot_pushes: 0 })} -->`;
    const memory = aMemory({
      bot_pushes: 3,
      attempts: [anAttempt({ result: `x | ${forged}`, pattern_matched: '<details>' })],
    });
    const body = renderLoopComment({ memory });
    expect(body.split('<!-- closed-loop:state')).toHaveLength(2);
    expect(parseLoopComment(body)?.bot_pushes).toBe(3);
  });

  it('keeps the whole comment under GitHub’s 65,536 characters for the largest memory', () => {
    const big = anAttempt({
      action: 'a'.repeat(500),
      result: 'r'.repeat(500),
      error: 'e'.repeat(2000),
      files_modified: Array.from({ length: 50 }, (_, i) => `${'d/'.repeat(140)}${i}.ts`),
    });
    const memory = aMemory({
      attempts: Array.from({ length: 50 }, (_, i) => ({ ...big, attempt: i + 1 })),
      fix_commits: Array.from({ length: 100 }, () => ({ sha: SHA_A, attempt: 50 })),
    });
    const body = renderLoopComment({ memory });
    expect(body.length).toBeLessThan(65_536);
    const back = parseLoopComment(body);
    expect(back?.attempts.at(-1)?.attempt).toBe(50);
    expect(back?.attempts.at(-1)?.error).toBe('e'.repeat(2000));
  });
});

describe('parseLoopComment: hostile and odd bodies', () => {
  const good = renderLoopComment({ memory: aMemory() });
  const payload = /v1 ([A-Za-z0-9+/=]*) -->/.exec(good)?.[1] ?? '';
  const withState = (value: unknown) =>
    `${LOOP_COMMENT_MARKER}\n${STATE_BLOCK_PREFIX}${encodeBase64Json(value)} -->`;

  it.each([
    ['an empty body', ''],
    ['a comment without the marker', good.replace(LOOP_COMMENT_MARKER, '')],
    ['the marker without a state block', `${LOOP_COMMENT_MARKER}\nhello`],
    ['an unterminated state block', good.trimEnd().replace(/ -->$/, '')],
    ['two state blocks', `${good}\n${STATE_BLOCK_PREFIX}${payload} -->`],
    ['another version', good.replace('state v1 ', 'state v2 ')],
    ['invalid base64', good.replace(payload, `${payload.slice(0, 8)}!!!!${payload.slice(12)}`)],
    ['base64 cut short', good.replace(payload, payload.slice(0, payload.length - 5))],
    ['base64 of not JSON', good.replace(payload, btoa('not json at all'))],
    ['base64 of invalid UTF-8', good.replace(payload, btoa('\xff\xfe\xfd{}'))],
    ['JSON null', withState(null)],
    ['a wrong version', withState({ ...aMemory(), version: 2 })],
    ['a negative push count', withState({ ...aMemory(), bot_pushes: -1 })],
    ['a head that is not a SHA', withState({ ...aMemory(), head_sha: 'main' })],
    [
      'too many attempts',
      withState({ ...aMemory(), attempts: Array.from({ length: 51 }, () => anAttempt()) }),
    ],
    ['an oversized error', withState({ ...aMemory(), attempts: [anAttempt({ error: 'x'.repeat(2001) })] })],
    ['a state over 64 KB', `${LOOP_COMMENT_MARKER}\n${STATE_BLOCK_PREFIX}${'A'.repeat(65_540)} -->`],
    ['a huge body', `${good}${' '.repeat(80_000)}`],
  ])('returns null for %s', (_what, body) => {
    expect(parseLoopComment(body)).toBeNull();
  });

  it('reads a comment a person edited above the block, or with Windows line endings', () => {
    expect(parseLoopComment(good.replace('### closed-loop', 'Edited by a human\n### closed-loop'))).toEqual(
      aMemory(),
    );
    expect(parseLoopComment(good.replace(/\n/g, '\r\n'))).toEqual(aMemory());
  });

  it('drops unknown keys, such as a __proto__ smuggled in', () => {
    const body = `${LOOP_COMMENT_MARKER}\n${STATE_BLOCK_PREFIX}${btoa(JSON.stringify(aMemory()).replace('{', '{"__proto__":{"polluted":1},"extra":1,'))} -->`;
    const memory = parseLoopComment(body);
    expect(memory).toEqual(aMemory());
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('is unhurt by non-string input from a loose caller', () => {
    expect(parseLoopComment(undefined as unknown as string)).toBeNull();
    expect(parseLoopComment({ length: 3 } as unknown as string)).toBeNull();
  });

  it('keeps a memory round-tripped by head', () => {
    expect(parseLoopComment(good)?.head_sha).toBe(HEAD);
  });
});
