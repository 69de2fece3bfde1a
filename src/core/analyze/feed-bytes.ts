import type { LineHints, LineScanner } from './line-scanner.js';
import type { LineText } from './evidence-window.js';
import { CONCERN } from './analyzer-literals.js';
import { cleanLine } from './clean-line.js';
import { mayHoldInlinePlace } from './places/inline-places.js';
import { WATCH } from './places/place-message.js';
import { EVIDENCE_BEFORE } from './evidence-window.js';
import { TAIL_LINES } from './failure-tracker.js';
import {
  buildkiteStampLength,
  ENV,
  envFraming,
  isSpace,
  markerLength,
  maybePath,
  SHELL,
  startsWith,
  stripAnsiBytes,
  type Stripped,
  timestampLength,
  unicodeSpaceAt,
} from './clean-line-bytes.js';

/** What feedBytes needs of the analyzer it feeds. */
export interface LineSink {
  /**
   * A line that may matter, analysed in full; `hints`: what the scanner found in it, when it scanned it
   * (read during the call only); `cleaned`: the text is the line's without escapes, carriage returns and
   * stamps already (cleanLine's work but the markers: cleanMarker's).
   */
  line(raw: string, hints?: LineHints, cleaned?: boolean): void;
  /** A line with no literal anything looks for; `framing` when it is CI framing (blank, `  KEY: value`). */
  quiet(text: LineText, framing: boolean): void;
  /** True while every line must be analysed in full (an evidence window is open, a traceback runs…). */
  busy(): boolean;
  /** Shapes without a literal the next lines are read for (place-message's WATCH bits; 0 for none). */
  watching(): number;
}

export interface ByteFeed {
  /** Takes the next bytes of a UTF-8 log; keeps no reference to them, so the caller may reuse the buffer. */
  push(chunk: Uint8Array): void;
  /** The input ended: its last line, when it had no newline, is fed. */
  end(): void;
}

/** A skipped line: where its bytes are, decoded and cleaned only if it is shown as evidence. */
class QuietLine {
  constructor(
    public bytes: Uint8Array,
    public start: number,
    public end: number,
  ) {}
  text(): string {
    return cleanLine(decode(this.bytes, this.start, this.end)).text;
  }
  /** Copies its bytes out of the chunk, so that the chunk can be freed. */
  detach(chunk: Uint8Array): void {
    if (this.bytes !== chunk) return;
    this.bytes = chunk.slice(this.start, this.end);
    this.end -= this.start;
    this.start = 0;
  }
}

/** Longer lines are analysed in full: the analyzer cuts them (MAX_LINE_CHARS), which no byte test sees. */
const MAX_QUIET_BYTES = 4096;
/** Past this many bytes (3 per UTF-16 unit at most) a line is longer than the analyzer's 4096 units. */
const SURELY_LONG = 3 * 4096;
const HEAD_BYTES = 8192;
const SCAN_AFTER = 256 * 1024;
const CARRY_LIMIT = 64 * 1024;
/** The text analysed of a long line: its first and last 2048 UTF-16 units (createAnalyzer's headAndTail). */
const HALF_UNITS = 2048;

// ignoreBOM keeps a byte-order mark inside the log as the line path does (only the file's first is dropped).
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
const decode = (b: Uint8Array, s: number, e: number): string => decoder.decode(b.subarray(s, e));

/**
 * Cuts a UTF-8 log into lines without decoding them: a line in which the scanner finds no literal, that
 * starts with no Unicode space and cannot be a bare path, says nothing any part of the analyzer looks
 * for while it is not busy, and is only remembered (decoded later if it becomes evidence). Every other
 * line is decoded and analysed as the line path would, with the signals its literals name, so the
 * diagnosis is the same.
 */
export function feedBytes(
  sink: LineSink,
  lineScanner: () => LineScanner | null,
  scanAfter = SCAN_AFTER,
): ByteFeed {
  let carry: Uint8Array[] = [];
  let carried = 0;
  let head: Uint8Array | null = null;
  let busy = sink.busy();
  let watching = sink.watching();
  // A small log is read line by line: building the scanner would take longer than skipping saves.
  let scanner: LineScanner | null = null;
  let seen = 0;
  const scratch = new Uint8Array(MAX_QUIET_BYTES);
  const stripped: Stripped = { cutCharacter: false };
  // The skipped lines the analyzer can still show: the last few (before a hit) and the last non-framing
  // ones (a failing command's tail). Only these keep their bytes once their chunk is done.
  const recent: QuietLine[] = [];
  const kept: QuietLine[] = [];
  const quiet = (b: Uint8Array, s: number, e: number, framing: boolean): void => {
    const line = new QuietLine(b, s, e);
    recent.push(line);
    if (recent.length > EVIDENCE_BEFORE) recent.shift();
    if (!framing) {
      kept.push(line);
      if (kept.length > TAIL_LINES) kept.shift();
    }
    sink.quiet(line, framing);
  };

  const loud = (raw: string, hints?: LineHints, cleaned?: boolean): void => {
    sink.line(raw, hints, cleaned);
    busy = sink.busy();
    watching = sink.watching();
  };
  // The next escape and carriage return at or after the line's start, in the chunk searched last: one
  // native search per occurrence in the chunk, not one per line.
  let searched: Uint8Array | null = null;
  let escapeAt = -1;
  let returnAt = -1;

  const handle = (b: Uint8Array, s: number, e: number): void => {
    const ce = e > s && b[e - 1] === 0x0d ? e - 1 : e;
    if (ce - s > SURELY_LONG)
      return loud(`${decode(b, s, s + HEAD_BYTES).slice(0, HALF_UNITS)} … ${tailOf(b, s, ce)}`);
    if (scanner === null || ce - s > MAX_QUIET_BYTES) return loud(decode(b, s, ce));
    // The bytes of the cleaned text (cleanLine): escapes taken out, what follows the last carriage return
    // (a progress bar's last state), then the timestamp, a Buildkite stamp's text and a marker that changes
    // nothing (`##[endgroup]`, `##[warning]`) skipped.
    let src = b;
    let from = s;
    let to = ce;
    const same = searched === b;
    searched = b;
    escapeAt = nextByte(b, 0x1b, s, same ? escapeAt : -2);
    returnAt = nextByte(b, 0x0d, s, same ? returnAt : -2);
    const returns = returnAt !== -1 && returnAt < ce;
    if (returns && b[ce - 1] === 0x0d) to--; // cleanLine drops a trailing one (after a \r\n cut here)
    if (escapeAt !== -1 && escapeAt < to) {
      to = stripAnsiBytes(b, s, to, scratch, stripped);
      src = scratch;
      from = 0;
    }
    if (returns) {
      let r = to - 1;
      while (r >= from && src[r] !== 0x0d) r--;
      from = r + 1;
    }
    let stamped = from + timestampLength(src, from, to);
    stamped += buildkiteStampLength(src, stamped, to);
    const cs = stamped + markerLength(src, stamped, to);
    // One pass of the automaton says whether the line holds a literal, which signals can match it and which
    // parts of the analyzer it concerns; a line number with no path before it concerns none.
    let any = scanner.scan(src, cs, to);
    if (any && (scanner.concerns() & CONCERN.inlinePlaces) !== 0 && !mayHoldInlinePlace(src, cs, to))
      any = scanner.unconcern(CONCERN.inlinePlaces);
    let f = cs;
    while (f < to && isSpace(src[f]!)) f++;
    // Shapes without literals: a Unicode space that \s and trim() take, a bare path (`src/a.ts`).
    // (Not asked of a line already read for what they would add.)
    const concerns = any ? scanner.concerns() : 0;
    if (f < to && (concerns & CONCERN.everything) === 0) {
      if (unicodeSpaceAt(src, f, to)) any = scanner.concern(CONCERN.everything);
      else if ((concerns & CONCERN.places) === 0 && maybePath(src, f, to))
        any = scanner.concern(CONCERN.places);
    }
    // A report under way reads a failure's message from lines with no literal (pytest's `E`, mocha's `1)`).
    if (watching !== 0 && (concerns & CONCERN.messages) === 0 && watchedShape(watching, src, cs, f, to))
      any = scanner.concern(CONCERN.messages);
    if (busy || (any && f < to)) {
      // The cleaned bytes decode to cleanLine's text, unless a byte-order mark hides a timestamp from the
      // byte test or taking an escape out joins the bytes of a broken character.
      if (src[from] === 0xef || (src !== b && stripped.cutCharacter)) return loud(decode(b, s, ce), scanner);
      return loud(decode(src, stamped, to), scanner, true);
    }
    if (f === to) return quiet(b, s, ce, true);
    const framing =
      f > cs ? envFraming(src, f, to) : startsWith(src, cs, to, SHELL) || startsWith(src, cs, to, ENV);
    quiet(b, s, ce, framing);
  };

  const longLine = (last: Uint8Array): void => {
    const tail = concat([...carry, last]);
    const ce = tail.length > 0 && tail[tail.length - 1] === 0x0d ? tail.length - 1 : tail.length;
    loud(`${decode(head!, 0, head!.length).slice(0, HALF_UNITS)} … ${tailOf(tail, 0, ce)}`);
  };

  const finishCarried = (last: Uint8Array): void => {
    if (head !== null) longLine(last);
    else {
      const line = concat([...carry, last]);
      handle(line, 0, line.length);
    }
    carry = [];
    carried = 0;
    head = null;
  };

  return {
    push(chunk) {
      seen += chunk.length;
      if (scanner === null && seen > scanAfter) scanner = lineScanner();
      let start = 0;
      let nl = chunk.indexOf(0x0a);
      if (carried > 0 && nl !== -1) {
        finishCarried(chunk.subarray(0, nl));
        start = nl + 1;
        nl = chunk.indexOf(0x0a, start);
      }
      for (; nl !== -1; nl = chunk.indexOf(0x0a, start)) {
        handle(chunk, start, nl);
        start = nl + 1;
      }
      for (const line of recent) line.detach(chunk);
      for (const line of kept) line.detach(chunk);
      if (start < chunk.length) {
        carry.push(chunk.slice(start));
        carried += chunk.length - start;
        // A line of many megabytes keeps its head and its tail only.
        if (carried > CARRY_LIMIT) {
          const all = concat(carry);
          head ??= all.slice(0, HEAD_BYTES);
          carry = [all.slice(all.length - SURELY_LONG)];
          carried = SURELY_LONG;
        }
      }
    },
    end() {
      if (carried > 0 || head !== null) finishCarried(new Uint8Array(0));
    },
  };
}

/** The last 2048 UTF-16 units of bytes[s, e), decoded from a character boundary. */
function tailOf(b: Uint8Array, s: number, e: number): string {
  let from = Math.max(s, e - HEAD_BYTES);
  for (let k = 0; k < 3 && from > s && (b[from]! & 0xc0) === 0x80; k++) from++;
  return decode(b, from, e).slice(-HALF_UNITS);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * Whether the cleaned line (its text from cs, its first non-space at f) can be a shape `watching` names:
 * pytest's `E   …` (a first non-space `E`, then a space or the line's end), mocha's indented `1) …` (an
 * indented digit first).
 */
function watchedShape(watching: number, b: Uint8Array, cs: number, f: number, to: number): boolean {
  if (f >= to) return false;
  const first = b[f]!;
  if ((watching & WATCH.pytestE) !== 0 && first === 0x45) {
    const next = b[f + 1];
    if (next === undefined || f + 1 >= to || isSpace(next) || next >= 0x80) return true;
  }
  return (watching & WATCH.numbered) !== 0 && f > cs && first >= 0x30 && first <= 0x39;
}

/**
 * The first `byte` at or after s in b (-1: none), lines asked in order: `at`, the answer for an earlier line
 * of the same bytes (-2: none yet), holds while it is not behind s.
 */
function nextByte(b: Uint8Array, byte: number, s: number, at: number): number {
  return at === -1 || at >= s ? at : b.indexOf(byte, s);
}
