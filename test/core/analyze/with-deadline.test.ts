import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeText, createAnalyzer } from '../../../src/core/analyze/create-analyzer.js';
import { withDeadline } from '../../../src/core/analyze/with-deadline.js';
import { compileCatalogue } from '../../../src/core/patterns/compile-catalogue.js';
import { defaultPatterns } from '../../../src/core/patterns/default-catalogue.js';

// When the time runs out, the output's middle is skipped and its end read last: a failure printed at the
// end is found as the whole read finds it, at the log's own line numbers.
const catalogue = compileCatalogue(defaultPatterns());
const encoder = new TextEncoder();

/** A clock on which each reading call costs 1 ms: the limit runs out after `limitMs` calls. */
const tickingClock = (): (() => number) => {
  let t = 0;
  return () => (t += 0.5); // a call before and one after each reading: 1 ms
};

const FAILURE = [
  '##[group]Run npm run typecheck',
  '> tsc --noEmit',
  '',
  "src/a.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.",
  '',
  'Found 1 error in src/a.ts:3',
  '##[endgroup]',
  '##[error]Process completed with exit code 2.',
];
/** Green noise (blank lines among others, as a progress log prints), then the failing step. */
const log = (noise: number, blankEvery: number): string =>
  [
    '##[group]Run npm ci',
    ...Array.from({ length: noise }, (_, i) =>
      i % blankEvery === 0 ? '' : `added package ${i} of ${noise} ${'.'.repeat(i % 50)}`,
    ),
    '##[endgroup]',
    ...FAILURE,
  ].join('\n') + '\n';

const whatMatters = (d: ReturnType<typeof analyzeText>) => ({
  pattern: d.pattern,
  locations: d.locations,
  signature: d.signature,
  evidence: d.evidence,
});

describe('an analysis whose time runs out', () => {
  it('reads the end of the log, at its own line numbers, whatever the chunks and the moment it stops', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 300, max: 1500 }),
        fc.integer({ min: 1, max: 7 }),
        fc.integer({ min: 7, max: 9000 }),
        fc.integer({ min: 2, max: 40 }),
        fc.boolean(),
        (noise, blankEvery, chunk, limitMs, bytes) => {
          const text = log(noise, blankEvery);
          const analyzer = withDeadline(createAnalyzer(catalogue, { scanAfter: 0 }), tickingClock(), limitMs);
          if (bytes) {
            // One buffer reused for every chunk, as a file is read: what is kept must be a copy.
            const all = encoder.encode(text);
            const buffer = new Uint8Array(chunk);
            for (let i = 0; i < all.length; i += chunk) {
              const n = Math.min(chunk, all.length - i);
              buffer.set(all.subarray(i, i + n));
              analyzer.pushBytes(buffer.subarray(0, n));
              buffer.fill(0x3f);
            }
            analyzer.endBytes();
          } else for (const line of text.split('\n').slice(0, -1)) analyzer.push(line);
          const lines = text.split('\n').length - 1;
          expect(analyzer.lines()).toBe(lines);
          // A short log can be all read before the time runs out: then nothing is said.
          const stopped = analyzer.stopped();
          if (stopped !== null)
            expect(stopped).toMatch(/the output is long .*; the diagnosis covers the lines read$/);
          expect(whatMatters(analyzer.finish())).toEqual(whatMatters(analyzeText(catalogue, text)));
        },
      ),
      { numRuns: 30 },
    );
  });

  it('says which lines it read and which it skipped, and never blames a pattern nobody configured', () => {
    const text = log(20_000, 3);
    const analyzer = withDeadline(createAnalyzer(catalogue), tickingClock(), 3);
    for (const line of text.split('\n').slice(0, -1)) analyzer.push(line);
    const stopped = analyzer.stopped()!;
    const total = (20_000 + 2 + FAILURE.length).toLocaleString('en-US');
    expect(stopped).toMatch(
      /^closed-loop: the analysis had 0\.0 s for this output and took \d+\.\d s: the output is long/,
    );
    expect(stopped).toMatch(
      new RegExp(`, [\\d,]+–[\\d,]+ skipped, and the end, lines [\\d,]+–${total}, read last`),
    );
    expect(stopped).not.toContain('custom pattern');
    expect(analyzer.finish().pattern).toBe('type-error');
  });

  it('keeps the files of a log as steps: a failure in the last file is placed in it', () => {
    const first = log(5000, 2);
    const second = FAILURE.join('\n') + '\n';
    const analyzer = withDeadline(createAnalyzer(catalogue, { scanAfter: 0 }), tickingClock(), 4);
    for (const [i, file] of [first, second].entries()) {
      if (i > 0) analyzer.startStep();
      const all = encoder.encode(file);
      for (let at = 0; at < all.length; at += 1000) analyzer.pushBytes(all.slice(at, at + 1000));
      analyzer.endBytes();
    }
    const whole = createAnalyzer(catalogue);
    for (const [i, file] of [first, second].entries()) {
      if (i > 0) whole.startStep();
      for (const line of file.split('\n').slice(0, -1)) whole.push(line);
    }
    expect(analyzer.stopped()).not.toBeNull();
    expect(whatMatters(analyzer.finish())).toEqual(whatMatters(whole.finish()));
  });

  it('changes nothing when the time does not run out', () => {
    const text = log(300, 4);
    const analyzer = withDeadline(createAnalyzer(catalogue), tickingClock(), 1_000_000);
    for (const line of text.split('\n').slice(0, -1)) analyzer.push(line);
    expect(analyzer.stopped()).toBeNull();
    expect(analyzer.finish()).toEqual(analyzeText(catalogue, text));
  });
});
