import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED_END, GENERATED_START, renderPrLifeExamples } from '../../scripts/pr-life-examples.js';

describe('docs/pull-request-life.md', () => {
  it('holds the examples the renderers make today (run `npm run docs:pr-life` when this fails)', () => {
    const page = readFileSync(join(import.meta.dirname, '../../docs/pull-request-life.md'), 'utf8');
    const start = page.indexOf(GENERATED_START);
    const end = page.indexOf(GENERATED_END);
    expect(start).toBeGreaterThan(0);
    expect(page.slice(start, end + GENERATED_END.length)).toBe(renderPrLifeExamples());
  });

  it('shows every stage and the handoff', () => {
    const examples = renderPrLifeExamples();
    for (const stage of [
      'INIT',
      'IMPLEMENT',
      'VERIFY',
      'FAILED',
      'RETRY',
      'BLOCKED',
      'VALIDATE',
      'REVIEW',
      'SHIP',
      'COMPLETE',
      'ENDED',
    ])
      expect(examples).toContain(`> | Stage | **${stage}** · `);
    expect(examples).toContain('> | Duration | 1h 15m |');
  });
});
