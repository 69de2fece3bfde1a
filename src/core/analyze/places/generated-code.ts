import type { Location } from '../../diagnosis.js';

/** A JavaScript runtime's stack frame: `at f (a.js:3:5)`, vitest's `❯ f a.js:3:5`. */
const JS_FRAME = /^\s*(?:at\s|❯\s)/;
/** Minified or bundled files, which nobody edits: `app.min.js`, `vendor.bundle.js`. */
const MINIFIED = /\.(?:min|bundle)\.[cm]?js$/;
/**
 * Build output a frame can run in: `dist/` (and a workspace package's `packages/a/dist/`), `build/`,
 * Next's and Nuxt's output, tsc's `out-tsc/`, istanbul's report and nyc's cache.
 */
const BUILD_OUTPUT = /(?:^|\/)(?:dist|build|\.next|\.nuxt|out-tsc|coverage|\.nyc_output)\/.*\.[cm]?[jt]sx?$/;
/** istanbul's counters (`cov_2k3j4f()`): a frame in instrumented code. */
const COVERAGE_COUNTER = /\bcov_\w+\b/;
/**
 * Instrumented (nyc/istanbul's compact output) and minified code keeps a module on its first lines: a
 * frame there, past this column, names a line of generated code, not of the source.
 */
const FIRST_LINES = 2;
const GENERATED_COLUMN = 120;

/**
 * True for a place a stack frame names in code nobody wrote by hand: minified or bundled files anywhere,
 * and, in a JavaScript frame, build output (`dist/index.js:10:9` of a bundle without a source map),
 * istanbul's instrumented code, or a column far out on a module's first lines (nyc turns
 * `src/parse.js:5:9` into `src/parse.js:2:286`). Such a frame's line is not where a person fixes anything.
 */
export function isGeneratedPlace(text: string, loc: Location): boolean {
  if (MINIFIED.test(loc.file)) return true;
  if (!JS_FRAME.test(text)) return false;
  return (
    BUILD_OUTPUT.test(loc.file) ||
    COVERAGE_COUNTER.test(text) ||
    (loc.line <= FIRST_LINES && (loc.column ?? 0) > GENERATED_COLUMN)
  );
}
