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

  const JWT =
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';

  it.each([
    ['a JWT in a cookie', `Cookie: session=${JWT}; theme=dark`, 'Cookie: session=***; theme=dark'],
    ['a bare JWT', `id_token ${JWT}.`, 'id_token ***.'],
    ['an unsigned JWT', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.', '***'],
    [
      'a session cookie',
      'Cookie: sid=a8f5f167f44f4964e6c9; csrftoken=Zx81kPq0aa',
      'Cookie: sid=***; csrftoken=***',
    ],
    [
      'a Set-Cookie',
      'Set-Cookie: JSESSIONID=1A2B3C4D5E6F; Path=/; HttpOnly',
      'Set-Cookie: JSESSIONID=***; Path=/; HttpOnly',
    ],
    [
      'credentials after their names',
      'token=abc123def456 password=hunter2 secret=s3cr3tvalue',
      'token=*** password=*** secret=***',
    ],
    [
      'quoted JSON credentials',
      '{"password":"correct horse","api_key":"AbCdEf0123456789"}',
      '{"password":"***","api_key":"***"}',
    ],
    ['a header key', 'X-Api-Key: 9f8e7d6c5b4a39281706', 'X-Api-Key: ***'],
    ['Authorization without a scheme', 'Authorization: dXNlcjpwYXNzd29yZA==', 'Authorization: ***'],
    ['Authorization with any scheme', 'authorization: Digest username=x', 'authorization: Digest ***'],
  ])('masks %s', (_, input, expected) => {
    expect(maskSecrets(input)).toBe(expected);
  });

  it.each([
    ['a git sha', 'HEAD is now at 3f786850e387550fdab836ed7e6dc881de23001b fix'],
    ['a UUID', 'request 123e4567-e89b-12d3-a456-426614174000 failed'],
    ['a base64 fixture in a test name', '✗ decodes eyJhbGciOiJIUzI1NiJ9 and dGhpcyBpcyBhIHRlc3Q= (12 ms)'],
    [
      'a type error naming a token field',
      "error TS2322: Type 'number' is not assignable to type 'string'. token: string",
    ],
    ['code reading a secret', 'const token = process.env.TOKEN; secret=my-app-secret password: undefined'],
    ['counters', 'max_tokens: 4096 tokens=12 author=octocat12345'],
    ['a reference to a secret', 'curl -H "Authorization: Bearer $DEPLOY_TOKEN" -u bot:${{ secrets.PAT }}'],
    ['a password in a URL held elsewhere', 'postgres://app:${DB_PASSWORD}@db/x'],
  ])('keeps %s', (_, input) => {
    expect(maskSecrets(input)).toBe(input);
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
