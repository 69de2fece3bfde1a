import { describe, expect, it } from 'vitest';
import { agentPrompt } from '../../../src/core/strategies/agent-prompt.js';
import { CONTEXT_VERSION, type Context } from '../../../src/core/strategies/context.js';
import { describeWait } from '../../../src/core/strategies/describe-wait.js';
import {
  findDeclarations,
  quotedIdentifiers,
  windowAround,
} from '../../../src/core/strategies/find-declarations.js';
import { outcomeOutput } from '../../../src/core/strategies/strategy-outcome.js';
import { MAX_SUMMARY_CHARS, summarizeContext } from '../../../src/core/strategies/summarize-context.js';

const site = (file: string, line: number) => ({
  file,
  line,
  column: 3,
  message: `${file}(${line},3): error TS2339: Property 'fullName' does not exist on type 'User'.`,
  window: { file, startLine: Math.max(1, line - 50), endLine: line + 2, text: 'const x = user.fullName;' },
  imports: ['src/types.ts'],
  declarations: [{ name: 'User', file: 'src/types.ts', line: 1, text: 'interface User {}' }],
  dependents: ['src/main.ts'],
});
const draft = (sites: ReturnType<typeof site>[]): Omit<Context, 'summary'> => ({
  version: CONTEXT_VERSION,
  task_id: 't',
  strategy: 'context_expand',
  pattern: 'type-error',
  category: 'type',
  signature: 's',
  check: { name: 'types', type: 'type', command: 'tsc' },
  evidence: { startLine: 1, endLine: 1, text: sites[0]?.message ?? '' },
  identifiers: ['fullName', 'User'],
  sites,
  sites_omitted: 0,
  failure: null,
  modules: [],
  diff: null,
  guidance: null,
  under_test: [],
  diff_under_test: null,
});

describe('context text', () => {
  it('quotes identifiers, not primitives', () => {
    expect(
      quotedIdentifiers("Type 'string' is not assignable to type 'Role'. Did you mean `role`? \"x-y\""),
    ).toEqual(['Role', 'role']);
  });
  it('finds declarations with their body', () => {
    const text =
      'import x from "y";\n\nexport interface User {\n  id: number;\n}\nexport type Id = string;\nclass Other {}\n';
    expect(findDeclarations('t.ts', text, ['User', 'Id', 'Missing'])).toEqual([
      { name: 'User', file: 't.ts', line: 3, text: 'export interface User {\n  id: number;\n}' },
      { name: 'Id', file: 't.ts', line: 6, text: 'export type Id = string;' },
    ]);
  });
  it('windows ±50 within the file', () => {
    expect(windowAround(200, 70, 50)).toEqual({ startLine: 20, endLine: 120 });
    expect(windowAround(30, 5, 50)).toEqual({ startLine: 1, endLine: 30 });
  });
  it('keeps the summary under ~500 tokens however many sites', () => {
    const many = Array.from({ length: 10 }, (_, i) => site(`src/${'deep/'.repeat(20)}f${i}.ts`, 70));
    const summary = summarizeContext(draft(many));
    expect(summary.length).toBeLessThanOrEqual(MAX_SUMMARY_CHARS);
    expect(summarizeContext(draft([site('src/a.ts', 70)]))).toContain('declarations: User (src/types.ts:1)');
  });
  it('asks the agent for a focused fix under analyze_then_fix, a wider one under context_expand', () => {
    const ctx = { ...draft([site('src/a.ts', 70), site('src/b.ts', 9)]), summary: 'S' };
    const focused = agentPrompt(ctx, 'analyze_then_fix', { tried: ['auto_fix: ran x → still failing'] });
    expect(focused).toContain('- src/a.ts:70');
    expect(focused).not.toContain('- src/b.ts:9');
    expect(focused).toContain('const x = user.fullName;');
    expect(focused).toContain('- auto_fix: ran x → still failing');
    const wide = agentPrompt(ctx, 'context_expand', { contextMarkdownPath: '.closed-loop/context-t.md' });
    expect(wide).toContain('- src/b.ts:9');
    expect(wide).toContain('Do not touch .github/. Do not commit');
    expect(wide).toContain('.closed-loop/context-t.md');
  });
  it('describes waits and trims output to its tail', () => {
    expect(describeWait(5000, 'network-error')).toBe(
      'waited 5 s before retrying (network-error is retryable)',
    );
    expect(describeWait(2500, null)).toBe('waited 2.5 s before retrying (the failure is retryable)');
    expect(outcomeOutput(`${'a'.repeat(3000)}END`)).toMatch(/^….*END$/);
    expect(outcomeOutput(`${'a'.repeat(3000)}END`)?.length).toBe(2000);
    expect(outcomeOutput('  \n')).toBeUndefined();
  });
});
