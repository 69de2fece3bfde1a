import type { Analyzer } from './create-analyzer.js';
import type { SlowPattern } from './match-timing.js';
import { LogTail } from './log-tail.js';

/** Time an analysis may spend reading one check's output before it skips to the output's end. */
export const ANALYSIS_LIMIT_MS = 20_000;
/** The part of the limit the end of the output gets once the rest is spent. */
const TAIL_SHARE = 0.25;
/**
 * The least of the end read whatever the speed. At a normal speed a quarter of the limit reads all of the
 * kept end (TAIL_BYTES: a failing command's last lines and its tool's summary); a pattern so slow that a
 * line takes a second gets the last line or two.
 */
const MIN_TAIL_BYTES = 1024;

export interface DeadlineAnalyzer extends Analyzer {
  /**
   * Why the analysis did not read the whole output (a line for the log and the terminal), or null when it
   * did. Once the input is all in, the output's end is read first.
   */
  stopped(): string | null;
}

/**
 * `analyzer` with a budget: once reading has taken `limitMs` in all, the output's middle is skipped, and
 * only its end (the last TAIL_BYTES at most, as much as a quarter of the limit reads at the speed seen) is
 * read when the input is all in: the last failing command's last lines and its tool's summary are always
 * read, and line numbers stay the log's own. `now` is a millisecond clock, passed in so the core stays
 * pure; give the analyzer the same clock (AnalyzerOptions.clock) to have a slow custom pattern named.
 */
export function withDeadline(
  analyzer: Analyzer,
  now: () => number,
  limitMs = ANALYSIS_LIMIT_MS,
): DeadlineAnalyzer {
  let spent = 0;
  let bytesRead = 0;
  /** The last byte fed was not a newline: the stop may fall inside a line. */
  let midLine = false;
  let tail: LogTail | null = null;
  let readUpTo = 0;
  let stopped: string | null = null;
  let settled = false;

  /** The time is spent: the input from here on goes to the tail. */
  let exhausted = false;
  const timed = (work: () => void, bytes: number): void => {
    const started = now();
    work();
    spent += now() - started;
    bytesRead += bytes;
    if (spent > limitMs && !exhausted) {
      exhausted = true;
      readUpTo = analyzer.lines();
    }
  };
  /** Where the input goes once the time is spent (made at the next input, when `midLine` is known). */
  const tailNow = (): LogTail | null => (tail ??= exhausted ? new LogTail(midLine) : null);

  /** Reads the kept end, once, when the input is all in. */
  const settle = (): void => {
    if (settled || !exhausted) return;
    tail ??= new LogTail(midLine);
    settled = true;
    const rate = bytesRead / Math.max(spent, 1);
    const bytes = Math.max(MIN_TAIL_BYTES, Math.round(rate * limitMs * TAIL_SHARE));
    const started = now();
    const { skipped, from } = tail.replay(analyzer, bytes);
    const total = analyzer.lines();
    stopped = explain({
      limitMs,
      spent: spent + now() - started,
      readUpTo,
      skipped,
      from,
      total,
      mbRead: bytesRead / (1024 * 1024),
      slow: analyzer.slowCustomPattern(),
    });
  };

  return {
    push(raw) {
      const to = tailNow();
      if (to) to.pushLine(raw);
      else timed(() => analyzer.push(raw), raw.length + 1);
    },
    pushBytes(chunk) {
      const to = tailNow();
      if (to) return to.pushBytes(chunk);
      timed(() => analyzer.pushBytes(chunk), chunk.length);
      if (chunk.length > 0) midLine = chunk[chunk.length - 1] !== 0x0a;
    },
    endBytes() {
      const to = tailNow();
      if (to) to.endBytes();
      else timed(() => analyzer.endBytes(), 0);
      midLine = false;
    },
    startStep() {
      const to = tailNow();
      if (to) to.startStep();
      else analyzer.startStep();
      midLine = false;
    },
    lines: () => analyzer.lines() + (tail !== null && !settled ? tail.seen : 0),
    skip: (lines) => analyzer.skip(lines),
    slowCustomPattern: () => analyzer.slowCustomPattern(),
    finish() {
      settle();
      return analyzer.finish();
    },
    stopped() {
      settle();
      return stopped;
    },
  };
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
const count = (n: number): string => n.toLocaleString('en-US');

function explain(facts: {
  limitMs: number;
  spent: number;
  readUpTo: number;
  skipped: number;
  from: number;
  total: number;
  mbRead: number;
  slow: SlowPattern | null;
}): string {
  const { limitMs, slow } = facts;
  const read =
    facts.skipped === 0
      ? `lines 1–${count(facts.total)} were all read, the last ones after a pause`
      : `lines 1–${count(facts.readUpTo)} were read, ${count(facts.readUpTo + 1)}–${count(facts.from - 1)} skipped, ` +
        `and the end, lines ${count(facts.from)}–${count(facts.total)}, read last (a failure's last lines and its tool's summary)`;
  // Matching took most of the time, and on its slowest line one custom pattern took longer than all the
  // built-in ones: that pattern.
  const cause =
    slow !== null && slow.matchMs > limitMs / 2 && slow.lineMs >= 1 && slow.lineMs > slow.builtInMs
      ? `the custom pattern "${slow.id}" is slow on this output (${seconds(slow.lineMs)} on one line of it, ` +
        `${seconds(slow.matchMs)} of matching in all): simplify its regular expressions ` +
        `(closed-loop patterns test ${slow.id} LOG shows what they match)`
      : `the output is long (${count(facts.readUpTo)} lines, ${facts.mbRead.toFixed(1)} MB read in the time)`;
  return (
    `closed-loop: the analysis had ${seconds(limitMs)} for this output and took ${seconds(facts.spent)}: ${cause}; ` +
    `${read}; the diagnosis covers the lines read`
  );
}
