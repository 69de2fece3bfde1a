import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskSecrets } from '../../../src/core/report/mask-secrets.js';
import { TOKEN_SHAPES } from './token-shapes.js';

const alnum = (n: number): string => 'aB3'.repeat(n).slice(0, n);

describe('maskSecrets', () => {
  it.each([
    ['GitHub token', `token=ghp_${alnum(36)} end`, 'token=*** end'],
    ['fine-grained token', `github_pat_${alnum(22)}_${alnum(59)}`, '***'],
    ['AWS key', 'id AKIAIOSFODNN7EXAMPLE.', 'id ***.'],
    [
      'AWS secret',
      'aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      'aws_secret_access_key = ***',
    ],
    ['Slack token', 'xoxb-1234567890-abcdefghij', '***'],
    ['Slack webhook', 'POST https://hooks.slack.com/services/T000/B000/XXXX failed', 'POST *** failed'],
    ['Bearer header', 'Authorization: Bearer eyJhbGciOi.J9.abc', 'Authorization: Bearer ***'],
    ['token header', 'authorization: token abcdef123456', 'authorization: token ***'],
    ['npm token', `npm_${alnum(36)}`, '***'],
    ['npmrc auth', '//registry.npmjs.org/:_authToken=abc-123', '//registry.npmjs.org/:_authToken=***'],
    [
      'URL password',
      'git clone https://bot:s3cr3t@github.com/o/r.git',
      'git clone https://***@github.com/o/r.git',
    ],
    [
      'URL password after a long or glued scheme',
      `x${'a'.repeat(60)}9git+ssh://bot:s3cr3t@host`,
      `x${'a'.repeat(60)}9git+ssh://***@host`,
    ],
    [
      'private key',
      'key:\n-----BEGIN RSA PRIVATE KEY-----\nMIIE\nabc\n-----END RSA PRIVATE KEY-----\nafter',
      'key:\n***\nafter',
    ],
    ['truncated private key', 'x -----BEGIN OPENSSH PRIVATE KEY-----\nb3Blb', 'x ***'],
    [
      'ordinary text',
      'error TS2322 in src/a.ts at https://example.com/docs',
      'error TS2322 in src/a.ts at https://example.com/docs',
    ],
  ])('masks a %s', (_, input, expected) => {
    expect(maskSecrets(input)).toBe(expected);
  });

  it('masks extra literal secrets of at least 4 characters, longest first, and ignores shorter ones', () => {
    expect(maskSecrets('pw=hunter2 and hunter2-extended, id=ab', ['hunter2', 'hunter2-extended', 'ab'])).toBe(
      'pw=*** and ***, id=ab',
    );
  });

  it.each(TOKEN_SHAPES)('a generated %s never survives, whatever surrounds it', (_, shape) => {
    fc.assert(
      fc.property(fc.string(), fc.stringMatching(shape), fc.string(), (before, token, after) => {
        expect(maskSecrets(`${before}${token}${after}`)).not.toContain(token);
      }),
    );
  });

  it('an extra secret never survives', () => {
    const secret = fc.stringMatching(/^[A-Za-z0-9]{4,24}$/);
    fc.assert(
      fc.property(fc.string(), secret, fc.string(), (before, s, after) => {
        expect(maskSecrets(`${before}${s}${after}`, [s])).not.toContain(s);
      }),
    );
  });
});
