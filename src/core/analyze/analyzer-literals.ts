import { CLEAN_LINE_LITERALS } from './clean-line.js';
import { CRASH_LITERALS } from './crash-mark.js';
import { SEVERITY_LITERALS } from './failure-places.js';
import { STRUCTURE_LITERALS, SUMMARY_LITERALS } from './failure-structure.js';
import { TRACKER_LITERALS } from './failure-tracker.js';
import { TEST_LOCATION_LITERALS } from './hold-test-locations.js';
import { LINE_ROLE_LITERALS } from './line-roles.js';
import { COMPILER_CONTEXT_LITERALS } from './places/compiler-context.js';
import { INLINE_PLACE_LITERALS } from './places/inline-places.js';
import { PLACE_MESSAGE_LITERALS } from './places/place-message.js';
import { toolNoteLiterals, toolPlaceLiterals } from './places/tool-places.js';
import { TOOLS } from '../patterns/tools/index.js';

/**
 * The machinery a line can concern, as bits: the byte scanner tells them from the literals it finds (one
 * pass over the line), and the analyzer runs only the parts a line concerns (and those still busy).
 */
export const CONCERN = {
  /** The tools' place readers (src/core/patterns/tools: sections, lists, files, worded places). */
  toolPlaces: 1 << 0,
  /** The extractor's other readers: a compiler's context, a traceback's line, a bare path (feedBytes). */
  places: 1 << 1,
  /** `file:line`, `file(line,`, `file:[line`: feedBytes drops it when no path precedes the number. */
  inlinePlaces: 1 << 2,
  /** The tools' failure summaries (failure-structure's toolMark). */
  summaries: 1 << 3,
  /** The test-location gate (hold-test-locations). */
  testPlaces: 1 << 4,
  /** Captured test output and the words of an error line (line-roles, the last-resort headline). */
  roles: 1 << 5,
  /** The severity a place was said with (failure-places). */
  severity: 1 << 6,
  /** Lines every part must read: workflow commands, characters whose lower case is ASCII. */
  everything: 1 << 7,
  /** Steps, failure marks and crashes: the step tracker passes by a line without them (FailureTracker). */
  structure: 1 << 8,
  /** A failure's own message, which the places after it carry (places/place-message). */
  messages: 1 << 9,
  /** The tools' `notPlaces` and `asides`: a place that is no failure's, or a side note. */
  toolNotes: 1 << 10,
} as const;

/** Every part: a line read without the scanner's word (the line path, a long line, the log's start). */
export const ALL_CONCERNS = -1;

/** The scan folds ASCII letters only: `İ` and the Kelvin sign stay themselves (clean-line.ts). */
const asciiLowerCase = (literal: string): string => literal.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** `line 12` is a traceback's, read by the extractor's other readers; the rest need a path before. */
const INLINE = INLINE_PLACE_LITERALS.filter((l) => !l.startsWith('line '));
const EVERYTHING = ['::', '\u0130', '\u212a', '\u017f'];

/**
 * Literals (lower case, any case in the log) of every line the analyzer's own machinery reacts to, beside
 * the catalogue's signals, by the part that reacts (CONCERN's bits, in order): a line with none of a part's
 * literals, while that part is not busy (see the `busy()` methods), changes nothing in it, so the analyzer
 * does not run it on the line; a line with none at all changes nothing but the lines kept as context, so
 * the byte scanner skips it (feedBytes).
 *
 * Each part is declared beside the shapes it stands for; the tools' (src/core/patterns/tools) come from
 * the very literals their readers check before their shapes, so a tool's shape cannot be skipped unread.
 * test/core/analyze/feed-bytes.test.ts compares the byte path with the line path on the whole corpus.
 */
export const ANALYZER_LITERAL_GROUPS: readonly (readonly string[])[] = [
  toolPlaceLiterals(TOOLS),
  [...COMPILER_CONTEXT_LITERALS, ...INLINE_PLACE_LITERALS.filter((l) => !INLINE.includes(l))],
  INLINE,
  SUMMARY_LITERALS,
  TEST_LOCATION_LITERALS,
  LINE_ROLE_LITERALS,
  SEVERITY_LITERALS,
  EVERYTHING,
  [
    ...CLEAN_LINE_LITERALS.filter((l) => !EVERYTHING.includes(l)),
    ...STRUCTURE_LITERALS,
    ...TRACKER_LITERALS,
    ...CRASH_LITERALS,
  ],
  PLACE_MESSAGE_LITERALS,
  toolNoteLiterals(TOOLS),
].map((group) => [...new Set(group.map(asciiLowerCase))]);

/**
 * The bits of the groups the scan cannot vouch for, set on every line: a literal with a cased character
 * beyond ASCII may occur in the line's lower case (which its part reads) while the scan, which folds ASCII
 * only, does not see it. (EVERYTHING's characters are found as they are written: that is their point.)
 */
export const UNVOUCHED_CONCERNS = ANALYZER_LITERAL_GROUPS.reduce(
  (bits, group, k) =>
    1 << k === CONCERN.everything || group.every((l) => [...l].every(caseless)) ? bits : bits | (1 << k),
  0,
);

function caseless(c: string): boolean {
  return c.charCodeAt(0) < 0x80 || c.toLowerCase() === c.toUpperCase();
}
