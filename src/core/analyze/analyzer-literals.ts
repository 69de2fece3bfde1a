import { CLEAN_LINE_LITERALS } from './clean-line.js';
import { CRASH_LITERALS } from './crash-mark.js';
import { PLACE_LITERALS } from './extract-locations.js';
import { SEVERITY_LITERALS } from './failure-places.js';
import { STRUCTURE_LITERALS } from './failure-structure.js';
import { TRACKER_LITERALS } from './failure-tracker.js';
import { TEST_LOCATION_LITERALS } from './hold-test-locations.js';
import { LINE_ROLE_LITERALS } from './line-roles.js';

/**
 * Literals (lower case, any case in the log) of every line the analyzer's own machinery reacts to, beside
 * the catalogue's signals: a line with none of them, while nothing is in progress (see the `busy()`
 * methods), changes nothing but the lines kept as context, so the byte scanner skips it (feedBytes).
 *
 * Each part is declared beside the shapes it stands for; the tools' (src/core/patterns/tools) come from
 * the very literals their readers check before their shapes, so a tool's shape cannot be skipped unread.
 * test/core/analyze/feed-bytes.test.ts compares the byte path with the line path on the whole corpus.
 */
/** The scan folds ASCII letters only: `İ` and the Kelvin sign stay themselves (clean-line.ts). */
const asciiLowerCase = (literal: string): string => literal.replace(/[A-Z]/g, (c) => c.toLowerCase());

export const ANALYZER_LITERALS: readonly string[] = [
  ...new Set(
    [
      ...CLEAN_LINE_LITERALS,
      ...LINE_ROLE_LITERALS,
      ...SEVERITY_LITERALS,
      ...STRUCTURE_LITERALS,
      ...TRACKER_LITERALS,
      ...CRASH_LITERALS,
      ...PLACE_LITERALS,
      ...TEST_LOCATION_LITERALS,
    ].map(asciiLowerCase),
  ),
];
