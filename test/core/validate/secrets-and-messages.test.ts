import { describe, expect, it } from 'vitest';
import { findSecrets } from '../../../src/core/validate/find-secrets.js';
import { fixCommitMessage } from '../../../src/core/validate/fix-commit-message.js';

const GHP = `ghp_${'a1B2'.repeat(9)}`;

describe('findSecrets', () => {
  it.each([
    ['a GitHub token', `token = "${GHP}"`, true],
    ['an npm token in .npmrc', `//registry.npmjs.org/:_authToken=npm_${'x'.repeat(36)}`, true],
    ['an AWS access key', 'key: AKIAABCDEFGHIJKLMNOP', true],
    ['a private key block', '-----BEGIN OPENSSH PRIVATE KEY-----', true],
    ['a password in a URL', 'url: https://bob:hunter22@example.com/db', true],
    ['a bearer token', 'Authorization: Bearer abcdefghijklmnop', true],
    ['an env reference in .npmrc', '//registry.npmjs.org/:_authToken=${NPM_TOKEN}', false],
    ['an env reference in a URL', 'git clone https://x-access-token:${GITHUB_TOKEN}@github.com/o/r', false],
    ['an Actions expression', 'Authorization: Bearer ${{ secrets.TOKEN }}', false],
    ['a placeholder', 'Authorization: Bearer <your-token>', false],
    ['plain code', 'const token = process.env.TOKEN;', false],
  ])('%s → %s', (_, line, found) => {
    expect(findSecrets(line).length > 0).toBe(found);
  });

  it('gives the line number and never the secret itself', () => {
    const [finding] = findSecrets(`one\ntwo ${GHP}\n`);
    expect(finding).toEqual({ line: 2, masked: 'two ***' });
  });
});

describe('fixCommitMessage', () => {
  it('has the subject, the summary and trailers', () => {
    expect(
      fixCommitMessage({
        strategy: 'auto_fix',
        pattern: 'lint-error',
        attempt: 2,
        check: 'lint',
        summary: 'Ran eslint --fix.',
      }),
    ).toBe(
      'closed-loop: auto_fix for lint-error (attempt 2)\n\nRan eslint --fix.\n\n' +
        'Closed-Loop-Check: lint\nClosed-Loop-Pattern: lint-error\nClosed-Loop-Strategy: auto_fix\nClosed-Loop-Attempt: 2\n',
    );
  });

  it('names an unrecognised failure, fills an empty summary and masks secrets', () => {
    const message = fixCommitMessage({
      strategy: 'analyze_then_fix',
      pattern: null,
      attempt: 1,
      check: null,
      summary: `agent said ${GHP}`,
    });
    expect(message.split('\n')[0]).toBe(
      'closed-loop: analyze_then_fix for an unrecognised failure (attempt 1)',
    );
    expect(message).not.toContain(GHP);
    expect(message).not.toContain('Closed-Loop-Check');
    expect(
      fixCommitMessage({ strategy: 'auto_fix', pattern: 'x', attempt: 1, check: null, summary: ' ' }),
    ).toContain('\n\nApplied auto_fix.\n');
  });

  it('names every fix one commit carries, each strategy once, with a trailer per pattern and strategy', () => {
    const message = fixCommitMessage({
      strategy: 'agent',
      pattern: 'type-error',
      attempt: 4,
      check: null,
      summary: 'Verified in CI.',
      also: [
        { strategy: 'auto_fix', pattern: 'lint-error' },
        { strategy: 'auto_fix', pattern: 'format-error' },
      ],
    });
    expect(message).toBe(
      'closed-loop: auto_fix for lint-error and format-error, then agent for type-error (attempt 4)\n\nVerified in CI.\n\n' +
        'Closed-Loop-Pattern: lint-error\nClosed-Loop-Pattern: format-error\nClosed-Loop-Pattern: type-error\n' +
        'Closed-Loop-Strategy: auto_fix\nClosed-Loop-Strategy: agent\nClosed-Loop-Attempt: 4\n',
    );
  });

  it("caps a long summary at the seed's 2000 characters", () => {
    const message = fixCommitMessage({
      strategy: 'auto_fix',
      pattern: 'x',
      attempt: 1,
      check: null,
      summary: 'y'.repeat(5000),
    });
    expect(message.split('\n')[2]).toHaveLength(2000);
  });
});
