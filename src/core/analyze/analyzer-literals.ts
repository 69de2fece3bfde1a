/**
 * Literals (lower case, any case in the log) of every line the analyzer's own machinery reacts to, beside
 * the catalogue's signals: a line with none of them, while nothing is in progress (see the `busy()`
 * methods), changes nothing but the lines kept as context, so the byte scanner skips it (feedBytes).
 * A new shape in failure-structure.ts, crash-mark.ts, extract-locations.ts or hold-test-locations.ts
 * needs its literal here: test/core/analyze/feed-bytes.test.ts compares both paths on the whole corpus.
 */
export const ANALYZER_LITERALS: readonly string[] = [
  // clean-line: progress-bar carriage returns, workflow commands, Buildkite stamps, and the only
  // non-ASCII characters whose lower case is ASCII (İ → i̇, the Kelvin sign → k) or that /iu folds (ſ).
  // feedBytes itself takes ANSI escapes out and skips timestamps and plain `##[endgroup]`-like markers.
  '\r', '##[', '::', '_bk;t=', '\u0130', '\u212a', '\u017f',
  // create-analyzer: captured test output, the fallback headline, a compiler's severity header.
  'stdout | ', 'stderr | ', 'console.', 'captured', 'error', 'fail', 'fatal', 'warning:', 'warning[',
  // failure-structure: step starts and failure marks; FailureTracker's framing (but `shell: `, `env:` and
  // `  KEY: value`, which feedBytes reads itself) and echoed commands.
  '[pipeline]', 'section_start:', '$ ', '~~~ ', '+++ ', '--- ', 'starting: ', 'exit', 'lifecycle', 'npm err', '*** [',
  'could not compile', 'ctest', 'commands failed', 'session ', '#!/bin/', 'process completed', 'script contents:',
  'job succeeded', 'finished: success', 'your build exited with 0', 'cleaning up orphan processes',
  // crash-mark: tracebacks, Node's footer, Ruby's frames, the JVM's uncaught exception.
  'traceback', 'node.js v', '.rb:', 'exception in thread "main" ',
  // extract-locations: sections, file-level and worded places, pip, and every `file:line` shape.
  'file://', 'file: ', '== ', '<file name=', '[warn] ', 'would reformat', 'imports are incorrectly sorted', 'merge conflict in ',
  'ejsonparse', 'invalid package.json', 'missing script', 'formatted', '.orig ', ' line ', "ile '", '.sh: ', '[error] ',
  'cannot parse: ', ' on line ', 'in test file ', ': line ', '(from ', 'expected json schema', 'does not contain valid json',
  'parse error on line', 'required from here', ') has ', ' pom ', ' @ line ', 'syntaxerror: ', 'the following files are not formatted:', 'an error occurred while loading ',
  ...[':', '(', ',', ':[', 'line '].flatMap((p) => '0123456789'.split('').map((d) => p + d)),
  // hold-test-locations: rust's asides, ExUnit traces, go test's verbose runs, CMake's include stack,
  // Go's panics and goroutine dumps.
  'help:', 'help[', 'note:', 'note[', 'stacktrace:', '=== run', '=== cont', '--- pass', '--- skip', 'call stack (most recent call first):',
  'panic: ', 'goroutine ',
  // hold-test-locations: sanitizer and valgrind reports.
  'sanitizer', '== invalid ', '== conditional jump', '== use of uninitialised', '== mismatched free', '== syscall param', 'definitely lost', 'summary: ', 'data race', '==========',
];
