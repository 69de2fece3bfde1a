import type { CompiledSignal } from '../patterns/compile-signal.js';
import type { LineScanner } from './scan-automaton.js';
import type { LineText } from './evidence-window.js';
import { cleanLine } from './clean-line.js';
import { EVIDENCE_BEFORE } from './evidence-window.js';
import { TAIL_LINES } from './failure-tracker.js';

/** What feedBytes needs of the analyzer it feeds. */
export interface LineSink {
  /** A line that may matter, analysed in full; `signals`: the only signals that can match it, when known. */
  line(raw: string, signals?: ReadonlySet<CompiledSignal>): void;
  /** A line with no literal anything looks for; `framing` when it is CI framing (blank, `  KEY: value`). */
  quiet(text: LineText, framing: boolean): void;
  /** True while every line must be analysed in full (an evidence window is open, a traceback runs…). */
  busy(): boolean;
}

export interface ByteFeed {
  /** Takes the next bytes of a UTF-8 log; keeps no reference to them, so the caller may reuse the buffer. */
  push(chunk: Uint8Array): void;
  /** The input ended: its last line, when it had no newline, is fed. */
  end(): void;
}

/** A skipped line: where its bytes are, decoded and cleaned only if it is shown as evidence. */
class QuietLine {
  constructor(public bytes: Uint8Array, public start: number, public end: number) {}
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
export const SCAN_AFTER = 256 * 1024;
const CARRY_LIMIT = 64 * 1024;
/** The text analysed of a long line: its first and last 2048 UTF-16 units (createAnalyzer's headAndTail). */
const HALF_UNITS = 2048;

// ignoreBOM keeps a byte-order mark inside the log as the line path does (only the file's first is dropped).
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
const decode = (b: Uint8Array, s: number, e: number): string => decoder.decode(b.subarray(s, e));

// [\w@$+\-./\\:]: the bytes of a path, as extract-locations' eslint-stylish header reads one.
const PATH_BYTE = new Uint8Array(128);
for (const c of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_@$+-./\\:') PATH_BYTE[c.charCodeAt(0)] = 1;
const isSpace = (b: number): boolean => b === 0x20 || b === 0x09 || b === 0x0b || b === 0x0c;
const isDigit = (b: number | undefined): boolean => b !== undefined && b >= 0x30 && b <= 0x39;

/**
 * Cuts a UTF-8 log into lines without decoding them: a line in which `automaton` finds no literal, that
 * starts with ASCII and cannot be a bare path, says nothing any part of the analyzer looks for, and is
 * only remembered (decoded later if it becomes evidence). Every other line is decoded and analysed as
 * the line path would, so the diagnosis is the same.
 */
export function feedBytes(sink: LineSink, scanAutomata: () => LineScanner | null, scanAfter = SCAN_AFTER): ByteFeed {
  let carry: Uint8Array[] = [];
  let carried = 0;
  let head: Uint8Array | null = null;
  let busy = sink.busy();
  // A small log is read line by line: building the automata would take longer than skipping saves.
  let automata: LineScanner | null = null;
  let seen = 0;
  let escIn: Uint8Array | null = null;
  let escAt = -1;
  const scratch = new Uint8Array(MAX_QUIET_BYTES);
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

  const loud = (raw: string, signals?: ReadonlySet<CompiledSignal>): void => {
    sink.line(raw, signals);
    busy = sink.busy();
  };
  /** Whether b[s, e) holds an escape: one search per escape in the chunk, not one per line. */
  const hasEscape = (b: Uint8Array, s: number, e: number): boolean => {
    if (escIn !== b || (escAt !== -1 && escAt < s)) {
      escIn = b;
      escAt = b.indexOf(0x1b, s);
    }
    return escAt !== -1 && escAt < e;
  };

  const handle = (b: Uint8Array, s: number, e: number): void => {
    const ce = e > s && b[e - 1] === 0x0d ? e - 1 : e;
    if (ce - s > SURELY_LONG) return loud(`${decode(b, s, s + HEAD_BYTES).slice(0, HALF_UNITS)} … ${tailOf(b, s, ce)}`);
    if (automata === null || ce - s > MAX_QUIET_BYTES) return loud(decode(b, s, ce));
    // The bytes of the cleaned text (cleanLine): escapes taken out, then the timestamp and a marker that
    // changes nothing (`##[endgroup]`, `##[warning]`) skipped. A carriage return is a literal: such lines are read.
    let src = b;
    let from = s;
    let to = ce;
    if (hasEscape(b, s, ce)) {
      to = stripAnsi(b, s, ce, scratch);
      src = scratch;
      from = 0;
    }
    let cs = from + timestampLength(src, from, to);
    cs += markerLength(src, cs, to);
    if (busy) return loud(decode(b, s, ce), automata.signals(src, cs, to));
    let f = cs;
    while (f < to && isSpace(src[f]!)) f++;
    if (f === to) return quiet(b, s, ce, true);
    if (unicodeSpaceAt(src, f, to) || automata.any(src, cs, to) || maybePath(src, f, to)) return loud(decode(b, s, ce), automata.signals(src, cs, to));
    const framing = f > cs ? envFraming(src, f, to) : startsWith(src, cs, to, SHELL) || startsWith(src, cs, to, ENV);
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
      if (automata === null && seen > scanAfter) automata = scanAutomata();
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

/** Length of GitHub's `2024-01-02T03:04:05.1234567Z ` prefix at s (cleanLine's TIMESTAMP), or 0. */
function timestampLength(b: Uint8Array, s: number, e: number): number {
  const shape = 'dddd-dd-ddTdd:dd:dd';
  if (e - s < shape.length + 1) return 0;
  for (let k = 0; k < shape.length; k++) {
    const c = b[s + k]!;
    if (shape[k] === 'd' ? !isDigit(c) : c !== shape.charCodeAt(k)) return 0;
  }
  let i = s + shape.length;
  if (b[i] === 0x2e && isDigit(b[i + 1])) {
    i++;
    while (isDigit(b[i])) i++;
  }
  if (b[i] !== 0x5a) return 0;
  i++;
  return (b[i] === 0x20 && i < e ? i + 1 : i) - s;
}

/** GitHub markers that leave the line a plain one (cleanLine's GH_MARKER but group, error and section). */
const PLAIN_MARKERS = ['endgroup', 'debug', 'warning', 'notice', 'command'].map((m) => new TextEncoder().encode(`##[${m}]`));

/** Length of a plain marker at s, or 0. (`##[section]Starting: ` starts a step: its literal makes it read.) */
function markerLength(b: Uint8Array, s: number, e: number): number {
  if (b[s] !== 0x23 || b[s + 1] !== 0x23) return 0;
  for (const m of PLAIN_MARKERS) if (startsWith(b, s, e, m)) return m.length;
  return 0;
}

/**
 * Copies b[s, e) into out without the escape sequences cleanLine's ANSI expression removes (CSI, OSC and
 * APC up to BEL or ESC \\, lone escapes), tried in that order at each ESC as the expression does.
 */
function stripAnsi(b: Uint8Array, s: number, e: number, out: Uint8Array): number {
  let n = 0;
  let i = s;
  while (i < e) {
    const c = b[i]!;
    if (c !== 0x1b) {
      out[n++] = c;
      i++;
      continue;
    }
    const next = i + 1 < e ? b[i + 1]! : -1;
    let end = -1;
    if (next === 0x5b) {
      let j = i + 2;
      while (j < e && b[j]! >= 0x30 && b[j]! <= 0x3f) j++;
      while (j < e && b[j]! >= 0x20 && b[j]! <= 0x2f) j++;
      if (j < e && b[j]! >= 0x40 && b[j]! <= 0x7e) end = j + 1;
    } else if (next === 0x5d || next === 0x5f) {
      let j = i + 2;
      while (j < e && b[j] !== 0x07 && b[j] !== 0x1b) j++;
      if (b[j] === 0x07 && j < e) end = j + 1;
      else if (b[j] === 0x1b && j + 1 < e && b[j + 1] === 0x5c) end = j + 2;
    }
    if (end === -1 && ((next >= 0x40 && next <= 0x5a) || (next >= 0x5c && next <= 0x5f))) end = i + 2;
    if (end === -1) {
      out[n++] = c;
      i++;
    } else i = end;
  }
  return n;
}

/**
 * A whitespace character beyond ASCII at i (NBSP, the byte-order mark, U+2000–U+200A…): JavaScript's \s
 * and trim() take it as a space, which the byte tests here do not: such lines are read.
 */
function unicodeSpaceAt(b: Uint8Array, i: number, e: number): boolean {
  const c = b[i]!;
  if (c < 0x80) return false;
  const c1 = i + 1 < e ? b[i + 1]! : 0;
  const c2 = i + 2 < e ? b[i + 2]! : 0;
  if (c === 0xc2) return c1 === 0xa0;
  if (c === 0xe1) return c1 === 0x9a && c2 === 0x80;
  if (c === 0xe2) return (c1 === 0x80 && (c2 <= 0x8a || c2 === 0xa8 || c2 === 0xa9 || c2 === 0xaf)) || (c1 === 0x81 && c2 === 0x9f);
  if (c === 0xe3) return c1 === 0x80 && c2 === 0x80;
  return c === 0xef && c1 === 0xbb && c2 === 0xbf;
}

/** Could the trimmed line be a path alone (`src/a.ts`): no ASCII byte outside a path, no inner space, a `.x`. */
function maybePath(b: Uint8Array, f: number, e: number): boolean {
  let dot = false;
  let spaced = false;
  for (let i = f; i < e; i++) {
    const c = b[i]!;
    if (c >= 0x80) continue;
    if (PATH_BYTE[c] === 1) {
      if (spaced) return false;
      if (c === 0x2e && i + 1 < e && ((b[i + 1]! | 0x20) >= 0x61 && (b[i + 1]! | 0x20) <= 0x7a)) dot = true;
    } else if (isSpace(c)) spaced = true;
    else return false;
  }
  return dot;
}

const SHELL = new TextEncoder().encode('shell: ');
const ENV = new TextEncoder().encode('env:');
function startsWith(b: Uint8Array, s: number, e: number, prefix: Uint8Array): boolean {
  if (e - s < prefix.length) return false;
  for (let k = 0; k < prefix.length; k++) if (b[s + k] !== prefix[k]) return false;
  return true;
}

/** `  NODE_ENV: test`: FailureTracker's FRAMING `\s+[A-Z_]+: `, from the first non-space byte f. */
function envFraming(b: Uint8Array, f: number, e: number): boolean {
  let i = f;
  while (i < e && ((b[i]! >= 0x41 && b[i]! <= 0x5a) || b[i] === 0x5f)) i++;
  return i > f && b[i] === 0x3a && b[i + 1] === 0x20 && i + 1 < e;
}
