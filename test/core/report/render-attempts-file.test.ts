import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { AttemptSchema } from '../../../src/core/attempt.js';
import { firstFencedBlock } from '../../../src/core/dead-letter/markdown-sections.js';
import { splitFrontMatter } from '../../../src/core/report/front-matter.js';
import { renderAttemptsFile } from '../../../src/core/report/render-attempts-file.js';
import { anAttempt, seedAttempts } from '../dead-letter/builders.js';

const render = (attempts = seedAttempts()): string =>
  renderAttemptsFile(
    'task-a1b2c3-fix-auth',
    attempts,
    'failed',
    '2026-04-04T10:15:30Z',
    '2026-04-04T10:22:10Z',
  );

describe('renderAttemptsFile', () => {
  it("writes the seed's front matter", () => {
    expect(splitFrontMatter(render())?.data).toEqual({
      entity_name: 'session.current.attempts.task-a1b2c3-fix-auth',
      namespace: 'session.current',
      category: 'attempts',
      task_id: 'task-a1b2c3-fix-auth',
      total_attempts: 3,
      final_status: 'failed',
      created_at: '2026-04-04T10:15:30Z',
      updated_at: '2026-04-04T10:22:10Z',
      tags: ['attempts', 'closed-loop'],
    });
  });

  it('holds the attempts as a YAML array under "## Attempt History" that reads back as Attempts', () => {
    const md = render();
    const body = splitFrontMatter(md)?.body ?? '';
    expect(body.trimStart().startsWith('## Attempt History')).toBe(true);
    const yaml = parse(firstFencedBlock(body.split('\n')) ?? '') as { attempts: unknown[] };
    expect(yaml.attempts.map((a) => AttemptSchema.parse(a))).toEqual(seedAttempts());
  });

  it('caps errors at 2000 characters and keeps a log with backticks inside its fence', () => {
    const error = `\`\`\`\n${'e'.repeat(3000)}`;
    const md = render([anAttempt({ error })]);
    const yaml = parse(firstFencedBlock((splitFrontMatter(md)?.body ?? '').split('\n')) ?? '') as {
      attempts: { error: string }[];
    };
    expect(yaml.attempts[0]?.error.length).toBe(2000);
    expect(yaml.attempts[0]?.error.endsWith('[truncated]')).toBe(true);
  });
});
