import { setFlagsFromString } from 'node:v8';

/**
 * Lets V8 switch a regular expression that backtracks too much (a custom pattern like `a*a*b` on a long
 * line, which takes a minute on 4096 characters) to its linear-time engine instead of hanging the run.
 * The bundles set it in their first line (scripts/build.mjs); this covers closed-loop used as a library.
 */
export function enableLinearRegexFallback(): void {
  setFlagsFromString('--enable-experimental-regexp-engine-on-excessive-backtracks');
}
