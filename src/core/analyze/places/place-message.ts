/**
 * A line that points at a place without saying what went wrong there: a stack frame (`at f (a.js:3:5)`,
 * vitest's `❯ a.spec.ts:4:7`, a JVM `at …`), a code frame (`> 17 |   expect(…)`), a Python traceback's
 * `File "a.py", line 3`, pytest's `tests/a.py:7: AssertionError`, rustc's `--> src/a.rs:3:5`, Ruby's
 * backtrace. Its place's message is the failure's, said on the lines before (or, for Python, after) it.
 */
const POINTER =
  /^\s*(?:at\s|❯\s|-->\s|File "|>?\s*\d+\s*\|)|^\S+\.py:\d+: (?:in \S+|[\w.]+)$|^\s*(?:#\s+|from\s+)\S+:\d+:in\s/;
/** A failing test's header, whose next lines say what failed: jest's `●`, vitest's `FAIL a.spec.ts > t`. */
const JEST_HEADER = /^\s*● (?!(?:Validation|Deprecation) (?:Error|Warning):)/;
const VITEST_HEADER = /^\s*FAIL\s+\S.* > /;
/** mocha's numbered failure (`  1) suite`), whose title ends with `:` (on its line or a later one). */
const MOCHA_HEADER = /^\s+\d+\) \S/;
const MOCHA_REPORT = /^\s*\d+ failing$/;
/** pytest's `____ test_total ____`: a failure's section, whose `E   ` lines are its message. */
const PYTEST_HEADER = /^_{3,} \S.* _{3,}$/;
const PYTEST_E = /^E\s+(\S.*)$/;
/** Where a test's message ends: a diff under it (jest, vitest, mocha) or a pointer. */
const MESSAGE_END = /^\s*(?:- Expected|\+ Received|\+ expected - actual|\+ expected|- actual)\b/;
/**
 * An exception's own line, which a trace's frames follow (JVM, Node) or come before (Python): `TypeError:
 * x`, `java.lang.IllegalStateException: boom`, rustc's `error[E0308]: mismatched types`.
 */
const EXCEPTION =
  /^\s*(?:Caused by: |Uncaught |panic: )?(?:[\w$]+\.)*[A-Z][\w$]*(?:Error|Exception|Failure)\b(?: \[[\w]+\])?:\s*\S|^(?:error|warning)(?:\[\w+\])?: \S/;
/** What MOCHA_HEADER starts with. */
const INDENTED_DIGIT = /^\s+\d/;
/** Lines of a message kept for an annotation. */
const MAX_LINES = 5;
/** Lines read after a mocha or pytest report began, at most, before it is taken to have ended. */
const REPORT_SPAN = 400;

/**
 * Reads, line by line, what a failure says of itself, so that each place the analyzer finds carries the
 * tool's own message: the located line itself when it says something (a compiler's, a linter's, mypy's
 * `a.py:3: error: …`, go test's `x_test.go:5: got 4, want 5`), else the message of the failure it belongs
 * to (a stack or code frame's: jest's and vitest's lines under a failing test's header, mocha's under its
 * numbered title, pytest's `E   ` lines, the exception line of a JVM or Node trace).
 */
export interface PlaceMessages {
  /** Reads line number `line` (cleaned, unwrapped), before its places are read. */
  read(text: string, line: number): void;
  /** The message of a place found on this line: the line, or its failure's message when it only points. */
  of(text: string): string | null;
  /** The message of the failure being read (the places a trace held until its end take it). */
  current(): string | null;
  /** True while the next lines can be a message (the byte scanner must read them). */
  busy(): boolean;
  /**
   * The shapes without a literal the next lines can have and this reader would read (WATCH's bits): a
   * pytest `E   ` line once pytest's report was seen, a mocha title's number inside its report.
   */
  watching(): number;
  /** Whether line number `line` has a shape watching() names (a line the scanner's literals do not route). */
  watches(text: string, line: number): boolean;
}

/** Shapes of lines without a literal that a failure's message is read from (feedBytes checks their bytes). */
export const WATCH = {
  /** `E   assert 4 == 5`: pytest's message line (PYTEST_E). */
  pytestE: 1 << 0,
  /** `  1) suite`: mocha's numbered failure, inside its report (MOCHA_HEADER). */
  numbered: 1 << 1,
} as const;

export function createPlaceMessages(): PlaceMessages {
  /** The failure's message lines, while they are being read; null when none is being read. */
  let collecting: string[] | null = null;
  /** mocha: the numbered title is read until its `:`. */
  let inTitle = false;
  let message: string | null = null;
  /**
   * The line a mocha or pytest report is taken to have ended at (REPORT_SPAN lines after it began): a line
   * number, so that the lines skipped unread count as those read do.
   */
  let reportEnd = 0;
  let lastLine = 0;
  let pytest: string[] | null = null;

  const start = (): void => {
    collecting = [];
    message = null;
  };
  const close = (): void => {
    if (collecting !== null && collecting.length > 0) message = collecting.join('\n');
    collecting = null;
  };

  const read = (text: string, line: number): void => {
    lastLine = line;
    const inReport = line < reportEnd;
    // Most lines are none of the shapes below: substring gates before any expression.
    if (collecting === null && pytest === null && !inReport && !mayStart(text)) return;
    const trimmed = text.trim();
    if (text.endsWith(' failing') && MOCHA_REPORT.test(text)) reportEnd = line + REPORT_SPAN;
    if (text.startsWith('___') && PYTEST_HEADER.test(text)) {
      reportEnd = line + REPORT_SPAN;
      pytest = [];
      message = null;
      return;
    }
    const e = pytest !== null && text.startsWith('E') ? PYTEST_E.exec(text) : null;
    if (e) {
      if (pytest!.length < MAX_LINES) pytest!.push(e[1] as string);
      message = pytest!.join('\n');
      return;
    }
    if (
      (text.includes('● ') && JEST_HEADER.test(text)) ||
      (text.includes('FAIL') && VITEST_HEADER.test(text))
    ) {
      inTitle = false;
      start();
      return;
    }
    if (inReport && MOCHA_HEADER.test(text)) {
      start();
      inTitle = !trimmed.endsWith(':');
      return;
    }
    if (collecting !== null) {
      if (inTitle) {
        inTitle = !trimmed.endsWith(':');
        return;
      }
      if (POINTER.test(text) || MESSAGE_END.test(text) || collecting.length >= MAX_LINES) close();
      else if (trimmed !== '') collecting.push(trimmed);
      return;
    }
    if (mayBeException(text) && EXCEPTION.test(text)) message = trimmed;
  };

  return {
    read,
    of(text) {
      if (POINTER.test(text)) return message;
      if (pytest !== null && PYTEST_E.test(text)) return message;
      return text.trim() || message;
    },
    current: () => (collecting !== null && collecting.length > 0 ? collecting.join('\n') : message),
    busy: () => collecting !== null,
    watching: () => (pytest !== null ? WATCH.pytestE : 0) | (lastLine < reportEnd ? WATCH.numbered : 0),
    watches: (text, line) =>
      (pytest !== null && text.startsWith('E')) || (line < reportEnd && INDENTED_DIGIT.test(text)),
  };
}

/** A line that can start or be a message, by its words (read() tests the shapes only then). */
const mayStart = (text: string): boolean =>
  text.includes('● ') ||
  text.includes('FAIL') ||
  text.endsWith(' failing') ||
  text.startsWith('___') ||
  mayBeException(text);
const mayBeException = (text: string): boolean =>
  text.includes('Error') ||
  text.includes('Exception') ||
  text.includes('Failure') ||
  text.startsWith('error') ||
  text.startsWith('warning') ||
  text.startsWith('panic: ');

/**
 * The literals of the lines that start a failure's message (the lines after them are read while busy):
 * jest's header, pytest's section rule, vitest's `FAIL`, mocha's `failing`, an exception's line (mayStart).
 */
export const PLACE_MESSAGE_LITERALS: readonly string[] = [
  '● ',
  '___ ',
  'fail',
  'error',
  'exception',
  'warning',
  'panic: ',
];
