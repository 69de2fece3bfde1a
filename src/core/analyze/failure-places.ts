import type { Location } from '../diagnosis.js';

export type Severity = 'warning' | 'error' | null;

/**
 * A place as the extractor found it: the tool's message for it (its own line's, or its failure's when the
 * line only points: place-message.ts) and whether it is a side note of another error (mypy's unused
 * `type: ignore`), which never leads.
 */
export interface FoundPlace extends Location {
  message?: string | null;
  aside?: boolean;
  /** A file named without a line (read as its line 1): it gives way to a place in that file with one. */
  unlined?: boolean;
}

/**
 * A location as the analyzer met it: the line and CI step it came from, and the severity it was said with.
 */
export interface PlacedLocation extends Location {
  at: number;
  step: number;
  severity: Severity;
  message: string | null;
  aside: boolean;
  unlined: boolean;
}

/**
 * A compiler's own severity on a located line (`a.c:8:1: warning: … [-Wreturn-type]`, Maven's
 * `[WARNING] /abs/A.java:[5,42] …`, kotlinc's `w: /abs/a.kt: (4, 9): …`), or on rustc's
 * header before its `-->` line. A linter's rule code at the end (`[SC2164]`, cppcheck's `[uninitvar]`)
 * makes its warnings findings like its errors: those are never dropped.
 */
const SEVERITY_LINE =
  /:\d+(?::\d+)?: (?:fatal )?(warning|error)\b|^CMake (?:Deprecation )?(Warning|Error)\b|^\[(WARNING|ERROR)\] |^(?::[\w:-]+?)?([ew]): \S+: \(\d+, \d+\): /;
const LINT_RULE_CODE = /\[(?!-W)[^\]\s]+\]$/;
const SEVERITY_HEADER = /^(warning|error)(?:\[[A-Z]*\d+\])?: /;
const ELIXIR_PLACE = /^\s+\S+\.exs?:\d+: /;

/** Reads, line by line, the severity the places of each line were said with (null: neither). */
export function createSeverityReader(): {
  (text: string, located: boolean): Severity;
  /** True while the line before was a header: the next line changes what the reader holds. */
  busy(): boolean;
} {
  let header: Severity = null;
  /**
   * The header of the line just before, for Elixir's place line under its `warning:` (`  lib/a.ex:3: A.f/1`).
   */
  let previous: Severity = null;
  const read = (text: string, located: boolean): Severity => {
    const headed = SEVERITY_HEADER.exec(text);
    const above = previous;
    previous = headed ? (headed[1] as Severity) : null;
    if (headed) header = headed[1] as Severity;
    if (!located) return null;
    const said = SEVERITY_LINE.exec(text);
    const kotlinc = said?.[4] === undefined ? undefined : said[4] === 'w' ? 'warning' : 'error';
    const severity = said
      ? ((said[1] ?? kotlinc ?? (said[2] ?? said[3])!.toLowerCase()) as Severity)
      : /^\s*--> /.test(text)
        ? header
        : ELIXIR_PLACE.test(text)
          ? above
          : null;
    return severity === 'warning' && LINT_RULE_CODE.test(text) ? null : severity;
  };
  return Object.assign(read, { busy: () => previous !== null });
}

/** Categories of failures of the environment, not of the code. */
const ENVIRONMENT = new Set(['network', 'auth', 'resource', 'permission']);

/**
 * The places of a failure among all the log named: those of the cause's step, else of the failing steps (a
 * green step's compiler
 * warnings or test paths are not); a compiler's or a test's errors without the warnings beside them (a
 * linter that printed warnings only failed on those, and keeps them); none when the environment failed
 * (the frames a crash printed on the way, a download script's traceback, are no place to fix); no
 * warnings when nothing failed (a green run's compiler warnings are no failure's places).
 */
export function failurePlaces(
  all: readonly PlacedLocation[],
  failedSteps: ReadonlySet<number>,
  winner: { step: number; category: string } | null,
  failed = true,
): PlacedLocation[] {
  if (winner !== null && ENVIRONMENT.has(winner.category)) return [];
  let pool = winner === null && !failed ? all.filter((l) => l.severity !== 'warning') : [...all];
  // The cause's own step first: when a lint step and a test step both failed, the test's places are
  // the next failure's, which the loop meets once this one is fixed.
  const own = winner === null ? [] : pool.filter((l) => l.step === winner.step);
  if (own.length > 0) pool = own;
  else if (failedSteps.size > 0) {
    const failing = pool.filter((l) => failedSteps.has(l.step));
    if (failing.length > 0) pool = failing;
  }
  const solid = pool.some((l) => l.severity !== 'warning');
  return pool.filter((l) => !solid || l.severity !== 'warning');
}

/** The literals of the lines that say a severity: a place's own, or a compiler's header before it. */
export const SEVERITY_LITERALS: readonly string[] = ['warning:', 'warning[', 'error'];
