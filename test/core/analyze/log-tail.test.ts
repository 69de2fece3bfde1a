import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createAnalyzer } from '../../../src/core/analyze/create-analyzer.js';
import { LogTail, TAIL_BYTES } from '../../../src/core/analyze/log-tail.js';
import { withDeadline } from '../../../src/core/analyze/with-deadline.js';
import { compileCatalogue } from '../../../src/core/patterns/compile-catalogue.js';
import { defaultPatterns } from '../../../src/core/patterns/default-catalogue.js';

// Once the analysis time is spent, a log of any size must cost the same memory: what is kept of its end is
// bounded, and what falls out of it is freed at once (not at the next compaction, not at the end).
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const MIB = 1024 * 1024;
/** Bytes still held (JavaScript heap and buffers) after a full collection. */
const held = (): number => {
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

/** `mib` MiB of log lines, a MiB at a time, in one buffer reused for every chunk as a file is read. */
function feedBytes(push: (chunk: Uint8Array) => void, mib: number): void {
  const chunk = Buffer.alloc(MIB, 'npm info ok: a green line of a long job log\n');
  for (let i = 0; i < mib; i++) {
    chunk.write(String(i).padStart(8, '0'), 0); // each chunk its own bytes
    push(chunk);
  }
}

describe('the kept end of a log whose middle is skipped', () => {
  it('holds about TAIL_BYTES of chunks however many are pushed', () => {
    const tail = new LogTail(false);
    feedBytes((c) => tail.pushBytes(c), 4);
    const before = held();
    feedBytes((c) => tail.pushBytes(c), 256);
    expect(tail.kept).toBeGreaterThanOrEqual(TAIL_BYTES);
    expect(tail.kept).toBeLessThanOrEqual(TAIL_BYTES + MIB);
    // 256 MiB went through; the bytes held grew by less than the kept end's own bound.
    expect(held() - before).toBeLessThan(4 * MIB);
  });

  it('holds about TAIL_BYTES of lines however many are pushed', () => {
    const tail = new LogTail(false);
    const line = (i: number): string => `${i} ${'a test line of a long check output '.repeat(28)}`;
    for (let i = 0; i < 5_000; i++) tail.pushLine(line(i));
    const before = held();
    for (let i = 0; i < 200_000; i++) tail.pushLine(line(i)); // ≈ 200 MB of lines
    expect(tail.kept).toBeLessThanOrEqual(TAIL_BYTES + 1024);
    expect(held() - before).toBeLessThan(8 * MIB);
  });

  it('keeps the analysis flat once its time is spent, the bytes read at the end included', () => {
    let t = 0;
    const analyzer = withDeadline(createAnalyzer(compileCatalogue(defaultPatterns())), () => (t += 1), 0);
    feedBytes((c) => analyzer.pushBytes(c), 8); // the time is spent after the first chunk
    const before = held();
    feedBytes((c) => analyzer.pushBytes(c), 128);
    expect(held() - before).toBeLessThan(4 * MIB);
    analyzer.endBytes();
    expect(analyzer.stopped()).toMatch(/skipped/);
    // Every line of the skipped middle is still counted: the end's line numbers are the log's own.
    const perChunk = Buffer.alloc(MIB, 'npm info ok: a green line of a long job log\n').filter(
      (b) => b === 0x0a,
    );
    expect(analyzer.lines()).toBe(136 * perChunk.length + 1);
  });
});
