import type { Category } from '../../vocabulary.js';

/**
 * The catalogue's patterns (src/core/patterns/default-patterns.yml describes each): what a tool's signal
 * can be evidence of.
 */
export const PATTERN_IDS = [
  'lint-error',
  'format-error',
  'type-error',
  'syntax-error',
  'build-error',
  'test-failure',
  'memory-error',
  'snapshot-mismatch',
  'test-timeout',
  'import-not-found',
  'dependency-conflict',
  'dependency-unresolved',
  'manifest-invalid',
  'missing-script',
  'lockfile-mismatch',
  'permission-error',
  'auth-error',
  'network-error',
  'rate-limited',
  'timeout',
  'out-of-memory',
  'disk-full',
  'merge-conflict',
  'git-error',
  'config-error',
  'command-not-found',
  'regression-detected',
] as const;
export type PatternId = (typeof PATTERN_IDS)[number];

/**
 * A place in a tool's own words (`on main.tf line 3`, `x.php on line 4`). The analyzer tries `shape` only on
 * lines that contain `literal` (case as written), and the byte scanner reads every line with `literal` in any
 * case: a shape can never be skipped unread. Groups: file, line, column (`groups` reorders them).
 */
interface WordedPlace {
  literal: string;
  shape: RegExp;
  /** Where file, line and column are among the groups, when not 1, 2, 3 (a 0 for a part the shape lacks). */
  groups?: readonly [number, number, number];
  /** The line must also match this (pip names requirement lines in warnings too). */
  when?: RegExp;
  /** The column counts from 0 (webpack's `3:0-20`). */
  zeroBasedColumn?: boolean;
  /** When the shape matches, the line's places are these alone (none when the path is not the project's). */
  final?: boolean;
}

/** A file named without a line (`[warn] a.js` from prettier --check): reported at its line 1. */
interface FilePlace {
  literal: string;
  /** Group 1 is the file; an empty group 1 means `file`. */
  shape: RegExp;
  file?: string;
}

/**
 * A report that names a file once, then lists its errors (phpcs's `FILE: /abs/A.php`, then ` 12 | ERROR
 * | …`). A header line (with `literal`) opens the section; a blank line ends it. Row groups: line, column.
 */
export interface ReportSection {
  literal: string;
  header: RegExp;
  row: RegExp;
}

/**
 * A list of files under a heading (mix format's `The following files are not formatted:`, then `  * a.ex`),
 * each at its line 1; the first other line that is not blank ends it.
 */
export interface FileList {
  /** The heading line, exactly. */
  heading: string;
  row: RegExp;
}

/**
 * A line that names a place which is not a failure's (a compiler's note, a test runner's pass-through
 * frame): no place is read from it. Such a line needs no literal of the byte scanner's.
 */
interface NotPlace {
  literal: string;
  shape: RegExp;
}

/** What a tool's failure summary says failed (`npm error Lifecycle script `test` failed` → `test`). */
interface SummaryFound {
  command: string | null;
  /** What the failure is; by the command's words (`test` → test) when left out. */
  category?: Category | null;
}

/**
 * A line in which a tool sums up that it failed (`BUILD FAILURE`, `make: *** [all] Error 2`). `read` is
 * called only on lines that contain one of `literals` (case as written); the byte scanner reads every such
 * line.
 */
interface FailureSummary {
  literals: readonly string[];
  /** `categoryOf` names the kind of check a command line runs (`npm run lint` → lint). */
  read(text: string, categoryOf: (command: string) => Category | null): SummaryFound | null;
}

/**
 * The kinds of command a tool's name says a command line runs, in the order they are tried: a command line
 * naming a formatter and a test runner is a format check. `task` runners (rake, just) count as tests, but
 * after `dependency`: `bundle install && rake` installs.
 */
export const COMMAND_KINDS = [
  'format',
  'lint',
  'type',
  'test',
  'network',
  'dependency',
  'task',
  'build',
] as const;
export type CommandKind = (typeof COMMAND_KINDS)[number];

/** What the analyzer knows of one tool, in one place. src/core/patterns/tools/index.ts lists them all. */
export interface Tool {
  /** The tool as people name it. */
  name: string;
  /**
   * Which logs of the corpus (test/fixtures/logs) show it: those whose manifest's `tool` label matches this
   * expression, or, for words no one tool owns (`ECONNREFUSED`), those labelled with this pattern. Its test
   * (test/core/patterns/tools.test.ts) answers each of them as labelled.
   */
  corpus?: RegExp | PatternId;
  /**
   * Its signals, by the pattern they point to: a literal (matched in any case as a substring of a line), or a
   * regular expression, written as in a config's `patterns` section (`/source/flags`).
   */
  signals?: { readonly [id in PatternId]?: readonly (string | RegExp)[] };
  /**
   * Regular-expression alternatives (without `\b`) naming the tool in a command line, by the kind of check it
   * runs: `{ lint: ['eslint'] }`.
   */
  commands?: { readonly [kind in CommandKind]?: readonly string[] };
  /** A command line whose failing output is a bare list of files to reformat (`gofmt -l .`). */
  listsFiles?: RegExp;
  /** Where it says the failure is. */
  places?: {
    sections?: readonly ReportSection[];
    lists?: readonly FileList[];
    files?: readonly FilePlace[];
    worded?: readonly WordedPlace[];
    notPlaces?: readonly NotPlace[];
    /**
     * Lines whose place is a side note of another error (mypy's `Unused "type: ignore" comment`): kept, but
     * listed after the real errors, so that one of those leads.
     */
    asides?: readonly NotPlace[];
  };
  /** How it sums up that it failed. */
  summaries?: readonly FailureSummary[];
}
