import type { Analyzer } from './create-analyzer.js';

/** What is kept of a log's end while its middle is skipped: 1 MiB (at most, see replay). */
export const TAIL_BYTES = 1024 * 1024;

type Segment =
  | { kind: 'bytes'; data: Uint8Array; lines: number; midLine: boolean }
  | { kind: 'line'; text: string }
  | { kind: 'end'; lines: number }
  | { kind: 'step' };

const sizeOf = (s: Segment): number =>
  s.kind === 'bytes' ? s.data.length : s.kind === 'line' ? s.text.length + 1 : 0;

function countNewlines(data: Uint8Array): number {
  let n = 0;
  for (let i = data.indexOf(0x0a); i !== -1; i = data.indexOf(0x0a, i + 1)) n++;
  return n;
}

/**
 * The input of an analysis that stopped reading: only its last TAIL_BYTES are kept (in order, with the
 * steps and file ends among them), and every line is counted, so the line numbers of what is read at the
 * end are the log's own.
 */
export class LogTail {
  /**
   * Kept: segments[first…]. The oldest drops in O(1), its slot emptied at once so its bytes can be freed
   * (a dropped chunk still referenced from the array would be kept until the next compaction: with 1 MiB
   * chunks, a gigabyte); the array itself is compacted now and then.
   */
  private segments: (Segment | undefined)[] = [];
  private first = 0;
  private size = 0;
  /** Lines (and steps) that fell out of the kept part. */
  private dropped = 0;
  private droppedSteps = 0;
  /** Something fell out of the kept part: what is read of it comes after a gap. */
  private gap = false;
  /** The memory of the last chunk dropped, reused for the next one pushed. */
  private spare: Uint8Array | null = null;
  /** Lines seen since the analysis stopped reading. */
  seen = 0;

  /** `midLine`: the bytes before these (read, or skipped) ended inside a line. */
  constructor(private midLine: boolean) {}

  pushBytes(chunk: Uint8Array): void {
    const lines = countNewlines(chunk);
    this.seen += lines;
    // A copy: the caller may reuse the chunk's memory once this returns (Buffer.slice would share it). It
    // goes into the memory of a dropped chunk when that is large enough: a megabyte read at a time would
    // otherwise leave a megabyte of garbage per read, faster than the collector frees it.
    const spare = this.spare;
    const data = spare !== null && spare.length >= chunk.length ? spare.subarray(0, chunk.length) : null;
    if (data) data.set(chunk);
    this.spare = null;
    this.add({ kind: 'bytes', data: data ?? new Uint8Array(chunk), lines, midLine: this.midLine });
    if (chunk.length > 0) this.midLine = chunk[chunk.length - 1] !== 0x0a;
  }

  endBytes(): void {
    const lines = this.midLine ? 1 : 0;
    this.seen += lines;
    this.midLine = false;
    this.add({ kind: 'end', lines });
  }

  pushLine(text: string): void {
    this.seen++;
    this.add({ kind: 'line', text });
  }

  startStep(): void {
    this.midLine = false;
    this.add({ kind: 'step' });
  }

  /** Bytes kept. */
  get kept(): number {
    return this.size;
  }

  private add(segment: Segment): void {
    this.segments.push(segment);
    this.size += sizeOf(segment);
    this.dropOver(TAIL_BYTES);
    if (this.first > 1024 && this.first * 2 > this.segments.length) {
      this.segments = this.segments.slice(this.first);
      this.first = 0;
    }
  }

  /** Drops the oldest segments while what stays is still at least `bytes` (the first may then be cut). */
  private dropOver(bytes: number): void {
    while (this.first < this.segments.length && this.size - sizeOf(this.segments[this.first]!) >= bytes)
      this.drop();
  }

  private drop(): void {
    const oldest = this.segments[this.first]!;
    this.segments[this.first++] = undefined;
    this.size -= sizeOf(oldest);
    this.gap = true;
    if (oldest.kind === 'bytes') this.spare = new Uint8Array(oldest.data.buffer);
    if (oldest.kind === 'step') this.droppedSteps++;
    else this.dropped += oldest.kind === 'line' ? 1 : oldest.lines;
  }

  /**
   * Feeds the analyzer the last `bytes` (at most) of what was kept, from the start of a line, after telling
   * it how many lines it skips. Returns the first line fed (the log's own number) and the lines skipped.
   */
  replay(analyzer: Analyzer, bytes: number): { skipped: number; from: number } {
    this.dropOver(bytes);
    // Every slot from `first` on holds a segment: only dropped ones are emptied.
    const kept = this.segments.slice(this.first) as Segment[];
    this.segments = kept;
    this.first = 0;
    const first = kept[0];
    if (first?.kind === 'bytes' && this.size > bytes) {
      // Keep the end of one large chunk: its first (partial) line is skipped below.
      const cut = first.data.length - bytes;
      this.gap = true;
      this.dropped += countNewlines(first.data.subarray(0, cut));
      kept[0] = {
        ...first,
        data: first.data.subarray(cut),
        lines: countNewlines(first.data.subarray(cut)),
        midLine: first.data[cut - 1] !== 0x0a,
      };
    }
    // A line cut by the gap is not read: the kept part starts after its end. Without a gap, the analysis
    // goes on as if it had never stopped.
    const head = kept[0];
    let midLine =
      this.gap && (head?.kind === 'bytes' ? head.midLine : head?.kind === 'end' && head.lines === 1);
    const feed: Segment[] = [];
    for (const s of kept) {
      if (midLine && s.kind === 'bytes') {
        const nl = s.data.indexOf(0x0a);
        if (nl === -1) continue;
        this.dropped++;
        feed.push({ ...s, data: s.data.subarray(nl + 1), lines: s.lines - 1 });
        midLine = false;
      } else if (midLine && s.kind === 'end') {
        this.dropped += s.lines;
        midLine = false;
      } else {
        midLine = false;
        feed.push(s);
      }
    }
    const from = analyzer.lines() + this.dropped + 1;
    if (this.gap) analyzer.skip(this.dropped);
    for (let i = 0; i < this.droppedSteps; i++) analyzer.startStep();
    for (const s of feed) {
      if (s.kind === 'bytes') analyzer.pushBytes(s.data);
      else if (s.kind === 'line') analyzer.push(s.text);
      else if (s.kind === 'end') analyzer.endBytes();
      else analyzer.startStep();
    }
    return { skipped: this.dropped, from };
  }
}
