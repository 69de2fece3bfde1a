import { describe, expect, it } from 'vitest';
import {
  extractCriteria,
  MAX_CRITERIA,
  MAX_CRITERION_CHARS,
} from '../../../src/core/verify/extract-criteria.js';

/** What a reviewer checks: the texts, the ticks and the lines, in order. */
const seen = (body: string, spec: { path: string; text: string } | null = null) =>
  extractCriteria(body, spec).map((c) => [c.text, c.checked, c.line]);

const TEMPLATE = `## What
Adds \`GET /users\`.

<!-- Tick what is done. Example:
- [x] an example that is not a criterion
-->

### Acceptance Criteria
- [x] \`src/api/users.ts\` exports the handler
- [ ] Unit tests cover pagination
  * [X] nested: lint passes
1. [x] Ordered item

\`\`\`md
- [ ] fenced fake checkbox
\`\`\`

## Checklist
- [x] I read CONTRIBUTING.md
`;

describe('extractCriteria from the PR body', () => {
  it.each([
    [
      'checklist under the heading only, not the template comment, the fence or the next section',
      TEMPLATE,
      [
        ['`src/api/users.ts` exports the handler', true, 9],
        ['Unit tests cover pagination', false, 10],
        ['nested: lint passes', true, 11],
        ['Ordered item', true, 12],
      ],
    ],
    [
      'no heading: every checklist item, plain bullets ignored',
      '- [x] a\n- plain\n* [ ] b\n+ [X] c',
      [
        ['a', true, 1],
        ['b', false, 3],
        ['c', true, 4],
      ],
    ],
    [
      'CRLF body',
      '## Acceptance criteria\r\n- [x] one\r\n- [ ] two\r\n',
      [
        ['one', true, 2],
        ['two', false, 3],
      ],
    ],
    [
      'bold line as a heading, case-insensitive',
      'Intro\n\n**ACCEPTANCE CRITERIA:**\n- [x] one\n\n**Notes**\n- [x] not this',
      [['one', true, 4]],
    ],
    [
      'setext heading',
      'Acceptance criteria\n---\n- [ ] one\n\nOther\n===\n- [x] not this',
      [['one', false, 3]],
    ],
    [
      'a deeper heading stays inside the section',
      '## Acceptance criteria\n### API\n- [x] a\n### UI\n- [ ] b\n## Next\n- [x] c',
      [
        ['a', true, 3],
        ['b', false, 5],
      ],
    ],
    [
      'continuation lines join their item',
      '## Acceptance criteria\n- [ ] the report\n  names every file\n- [x] b',
      [
        ['the report names every file', false, 2],
        ['b', true, 4],
      ],
    ],
    [
      'tilde fence and an unclosed fence hide items',
      '- [x] a\n~~~\n- [ ] hidden\n~~~\n- [x] b\n```\n- [ ] hidden too',
      [
        ['a', true, 1],
        ['b', true, 5],
      ],
    ],
    ['inline comment removed, text kept', '- [x] done <!-- hidden note --> here', [['done here', true, 1]]],
    ['empty boxes and `[]` are not criteria', '- [ ]\n- [] no\n- [x]   ', []],
    [
      'heading with no checklist gives none (no fallback)',
      '## Acceptance criteria\nTBD\n\n## Other\n- [x] not this',
      [],
    ],
    [
      '"Definition of done" counts as the heading',
      '# Definition of Done\n- [x] shipped',
      [['shipped', true, 2]],
    ],
  ])('%s', (_what, body, expected) => {
    expect(seen(body)).toEqual(expected);
  });

  it('numbers criteria AC-1, AC-2, … and marks their source', () => {
    expect(extractCriteria('- [x] a\n- [ ] b', null).map((c) => [c.id, c.source])).toEqual([
      ['AC-1', 'pr-body'],
      ['AC-2', 'pr-body'],
    ]);
  });
});

describe('extractCriteria from a task spec', () => {
  const spec = {
    path: 'docs/tasks/TASK-007.md',
    text: '# TASK-007\n\n## Context\n- not a criterion\n\n## Acceptance criteria\n- Endpoint returns 200\n- [ ] `docs/api.md` documents it\n  - tests pass\n\n## Notes\n- no',
  };

  it('takes plain and checklist items under the heading, spec first, then the body', () => {
    expect(
      extractCriteria('- [x] Extra from the body', spec).map((c) => [
        c.id,
        c.source,
        c.text,
        c.checked,
        c.line,
      ]),
    ).toEqual([
      ['AC-1', 'task-spec', 'Endpoint returns 200', null, 7],
      ['AC-2', 'task-spec', '`docs/api.md` documents it', false, 8],
      ['AC-3', 'task-spec', 'tests pass', null, 9],
      ['AC-4', 'pr-body', 'Extra from the body', true, 1],
    ]);
  });

  it('a body item with the same text is the spec criterion, ticked by the author, not listed twice', () => {
    const body = '## Acceptance criteria\n- [x] endpoint returns **200**.\n- [x] Tests pass';
    expect(seen(body, spec)).toEqual([
      ['Endpoint returns 200', true, 7],
      ['`docs/api.md` documents it', false, 8],
      ['tests pass', true, 9],
    ]);
  });

  it('a spec without the heading gives no spec criteria', () => {
    expect(seen('', { path: 't.md', text: '# T\n- [ ] something' })).toEqual([]);
  });
});

describe('extractCriteria bounds untrusted input', () => {
  it('keeps at most 100 criteria of at most 500 characters', () => {
    const body = Array.from({ length: 5000 }, (_, i) => `- [x] item ${i} ${'x'.repeat(2000)}`).join('\n');
    const criteria = extractCriteria(body, null);
    expect(criteria).toHaveLength(MAX_CRITERIA);
    expect(Math.max(...criteria.map((c) => c.text.length))).toBe(MAX_CRITERION_CHARS);
    expect(criteria[0]?.text.endsWith('…')).toBe(true);
  });

  it("reads a 65,536-character body (GitHub's cap) quickly, and nothing past 262,144 characters", () => {
    const near = `${'word '.repeat(13_000)}\n## Acceptance criteria\n- [x] after the noise`;
    const started = performance.now();
    expect(seen(near)).toEqual([['after the noise', true, 3]]);
    expect(seen(`${'w'.repeat(300_000)}\n- [x] too far`)).toEqual([]);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
