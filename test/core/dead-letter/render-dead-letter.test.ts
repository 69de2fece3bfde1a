import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { buildDeadLetter } from '../../../src/core/dead-letter/build-dead-letter.js';
import { parseDeadLetter } from '../../../src/core/dead-letter/parse-dead-letter.js';
import { renderDeadLetter } from '../../../src/core/dead-letter/render-dead-letter.js';
import { splitSections } from '../../../src/core/dead-letter/markdown-sections.js';
import { splitFrontMatter } from '../../../src/core/report/front-matter.js';
import { anAttempt, anEarlierDeadLetter, anInput, seedAttempts } from './builders.js';

const render = (overrides = {}): string => renderDeadLetter(buildDeadLetter(anInput(overrides)));
const headings = (md: string): string[] => [...md.matchAll(/^##+ .*$/gm)].map((m) => m[0]);

describe('renderDeadLetter', () => {
  it("writes the seed's front matter fields, in the seed's order", () => {
    const md = render();
    const front = splitFrontMatter(md);
    expect(front).not.toBeNull();
    expect(Object.keys(front?.data ?? {})).toEqual([
      'entity_name',
      'namespace',
      'category',
      'task_id',
      'original_task',
      'total_attempts',
      'final_pattern',
      'strategies_exhausted',
      'blocked_at',
      'blocked_reason',
      'tags',
      'similar_failures',
      'error_signature',
    ]);
    expect(front?.data).toMatchObject({
      entity_name: 'session.current.dead-letter.task-x7y8z9-failing-task',
      namespace: 'session.current',
      category: 'dead-letter',
      original_task: 'Add user preferences feature',
      total_attempts: 3,
      final_pattern: 'type-error',
      strategies_exhausted: ['context_expand', 'analyze_then_fix'],
      blocked_at: '2026-04-04T11:30:00Z',
      blocked_reason: 'retry_budget_exhausted',
      similar_failures: 0,
      error_signature: 'type-error:ts:3f9a1c2b',
    });
    expect(md).toContain('strategies_exhausted: [context_expand, analyze_then_fix]');
    expect(md).toContain('original_task: "Add user preferences feature"');
  });

  it('renders the sections in the seed order, without suggestions when nothing is similar', () => {
    expect(headings(render())).toEqual([
      '## Task Description',
      '## Error Chain',
      '### Attempt 1 (10:15:30)',
      '### Attempt 2 (10:18:45)',
      '### Attempt 3 (10:22:10)',
      '## Files Modified',
      '## Suggested Manual Steps',
      '## Context for Retry',
    ]);
  });

  it('labels the error chain: (same) on a repeated pattern, (alternate) off the primary strategy, exhausted last', () => {
    const md = render();
    const attempts = splitSections(
      splitSections(md)
        .find((s) => s.title === 'Error Chain')
        ?.lines.join('\n') ?? '',
      3,
    );
    const field = (i: number, name: string): string | undefined =>
      attempts[i]?.lines.find((l) => l.startsWith(`- **${name}:**`))?.replace(`- **${name}:** `, '');
    expect([0, 1, 2].map((i) => [field(i, 'Pattern'), field(i, 'Strategy')])).toEqual([
      ['type-error', 'context_expand'],
      ['type-error (same)', 'analyze_then_fix (alternate)'],
      ['type-error (same)', 'exhausted'],
    ]);
    expect(field(0, 'Error')).toContain("TS2322: Type 'undefined' is not assignable");
  });

  it('keeps the last strategy when the failure was unrecoverable rather than out of budget', () => {
    const md = render({ blockedReason: 'unrecoverable_error' });
    expect(md).not.toContain('**Strategy:** exhausted');
    expect(md).toContain('blocked_reason: unrecoverable_error');
  });

  it('lists every file touched once, and the final pattern suggestion plus located files as manual steps', () => {
    const md = render();
    const section = (title: string): string[] =>
      splitSections(md)
        .find((s) => s.title === title)
        ?.lines.filter((l) => l !== '') ?? [];
    expect(section('Files Modified')).toEqual([
      '- src/preferences.ts',
      '- src/types/preferences.d.ts',
      '- src/hooks/usePreferences.ts',
    ]);
    expect(section('Suggested Manual Steps')[0]).toMatch(/^1\. Read the type definitions/);
    expect(section('Suggested Manual Steps')[1]).toContain('`src/types/preferences.d.ts:7`');
    expect(section('Context for Retry')[0]).toBe('When retrying, consider:');
  });

  it('truncates error text to 2000 characters and picks a fence no backtick run inside can close', () => {
    const log = `error: template failed\n${'```\n## Injected heading\n'.repeat(10)}${'x'.repeat(5000)}`;
    const md = render({ attempts: [anAttempt({ error: log })] });
    expect(md).toContain('````text');
    expect(md).not.toMatch(/x{2001}/);
    expect(headings(md)).not.toContain('## Injected heading');
    expect(parseDeadLetter(md)?.first_error_line).toBe('error: template failed');
  });

  it('escapes headings in a hand-written task description so they cannot add sections', () => {
    const md = render({ originalTask: 'Fix it\n## Error Chain\n---' });
    expect(headings(md).filter((h) => h === '## Error Chain')).toHaveLength(1);
    expect(parse(md.split('---\n')[1] ?? '')).toMatchObject({ original_task: 'Fix it' });
  });

  it('adds Smart Suggestions from one similar failure, and no candidate while a pattern is confident', () => {
    const similar = [
      anEarlierDeadLetter('task-a1b2c3-add-settings'),
      anEarlierDeadLetter('task-d4e5f6-user-profile'),
      anEarlierDeadLetter('task-g7-prefs'),
    ];
    const md = render({ similar });
    expect(headings(md)).toContain('## Smart Suggestions');
    expect(headings(md)).toContain('### Similar Failures');
    expect(headings(md)).toContain('### Common Thread');
    expect(headings(md)).not.toContain('## Pattern Learning Candidate');
    expect(md).toContain('similar_failures: 3');
    expect(md).toContain('Based on 3 similar failures:');
  });

  it('is masked: an attempt carrying a token never writes it', () => {
    const token = `ghp_${'A1b2'.repeat(9)}`;
    const md = render({
      attempts: seedAttempts().map((a) => ({ ...a, error: `fetch failed with ${token}\n${a.error ?? ''}` })),
    });
    expect(md).not.toContain(token);
    expect(md).toContain('***');
  });
});
