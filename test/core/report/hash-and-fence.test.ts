import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstFencedBlock } from '../../../src/core/dead-letter/markdown-sections.js';
import { codeFence } from '../../../src/core/report/code-fence.js';
import { fnv1a32 } from '../../../src/core/hash.js';

describe('fnv1a32', () => {
  it.each([
    ['', '811c9dc5'],
    ['a', 'e40c292c'],
    ['foobar', 'bf9cf968'],
  ])('hashes %j to %s (the published FNV-1a test vectors)', (input, expected) => {
    expect(fnv1a32(input)).toBe(expected);
  });

  it('always gives 8 lowercase hex characters', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(fnv1a32(s)).toMatch(/^[0-9a-f]{8}$/);
      }),
    );
  });
});

describe('codeFence', () => {
  it.each([
    ['no backticks', 'plain', '```'],
    ['a triple-backtick run', 'a ``` b', '````'],
    ['a run of six', '``````', '```````'],
  ])('with %s uses %s', (_, text, fence) => {
    expect(codeFence(text).split('\n')[0]).toBe(fence);
  });

  it('cannot be closed early by its content', () => {
    const text = fc
      .array(fc.oneof(fc.constantFrom('```', '````', '~~~', '\n', '```\n'), fc.string()), { maxLength: 12 })
      .map((p) => p.join(''));
    fc.assert(
      fc.property(text, (t) => {
        const expected = t
          .replace(/\r\n?/g, '\n')
          .replace(/\n+$/, '')
          .split('\n')
          .map((l) => l.trimEnd())
          .join('\n');
        expect(firstFencedBlock(codeFence(t, 'text', '  ').split('\n'))).toBe(expected);
      }),
    );
  });
});
