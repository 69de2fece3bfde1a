import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { checkDelivery } from '../../src/app/serve/check-delivery.js';
import { example } from './app-kit.js';

interface WebhookDefinition {
  name: string;
  examples: Record<string, unknown>[];
}
const require = createRequire(import.meta.url);
const HANDLED = ['pull_request', 'issue_comment', 'workflow_run', 'check_run', 'push', 'merge_group'];
const ID = '72d3162e-cc78-11e3-81ab-4c9367dc0958';

describe('checkDelivery: what a signed payload must hold before it is queued', () => {
  // github.com's examples and GitHub Enterprise Server's (which has none of some events): a real
  // delivery is never refused.
  const cases = ['api.github.com', 'ghes-35', 'ghes-31'].flatMap((source) => {
    const definitions = require(`@octokit/webhooks-examples/${source}/index.json`) as WebhookDefinition[];
    return HANDLED.map((event) => ({
      source,
      event,
      examples: definitions.find((d) => d.name === event)?.examples ?? [],
    })).filter((c) => c.examples.length > 0);
  });
  it('has examples of every event the App handles', () => {
    expect(new Set(cases.map((c) => c.event))).toEqual(new Set(HANDLED));
  });
  it.each(cases)('every $source example of $event passes', ({ event, examples }) => {
    expect(examples.map((p) => checkDelivery(event, ID, p)).filter((e) => e !== null)).toEqual([]);
  });

  it.each([
    ['push', 'repository', () => ({ ...example('push', undefined as never), repository: undefined })],
    [
      'push',
      'commits.0.timestamp',
      () => {
        const p = example<{ commits: { id: string; message: string; timestamp: string }[] }>(
          'push',
          undefined as never,
        );
        p.commits = [{ id: 'a'.repeat(40), message: 'Revert "x"', timestamp: 'yesterday' }];
        return p;
      },
    ],
    [
      'merge_group',
      'merge_group',
      () => ({ ...example('merge_group', 'checks_requested'), merge_group: undefined }),
    ],
  ])('a %s payload without %s is refused, naming it', (event, path, payload) => {
    expect(checkDelivery(event, ID, payload())).toMatch(
      new RegExp(`^the ${event} payload lacks what the App reads: ${path.replace(/\./g, '\\.')}: `),
    );
  });
});
