import type { Location } from '../diagnosis.js';

const MAX_HELD = 20;
/**
 * Runtime stack frames name where code ran, not what the tool reported: the frames of the JVM, of test
 * frameworks and build tools (`at org.junit.Assert.fail(Assert.java:89)`) and Go's goroutine dumps
 * (`\tf.go:9 +0x1d`), Rust backtraces, Elixir and Ruby backtraces. A JVM frame of the project's own class (the failing test's line) stays.
 */
const FRAME = /^\s*at (?:java|javax|jdk|sun|com\.sun|kotlin|kotlinx|scala|junit|org\.(?:junit|apache|testng|gradle|opentest4j|hamcrest|assertj|mockito|springframework|scalatest)|worker\.org|groovy|org\.codehaus)\.[\w$.<>/]+\([\w$]+\.(?:java|kt|scala|groovy):\d+\)$|^\s+\S+\.go:\d+ \+0x[0-9a-f]+$|^\s+at \S+\.rs:\d+:\d+$|^\s+\((?:elixir|stdlib|ex_unit|mix|kernel|iex) [\d.]+\) |^\s+\S+\.exs?:\d+: \(/;
/** A Ruby backtrace: its first frame is where the error was raised, the frames under it are callers. */
const RUBY_FRAME = /^\s+(?:# )?\S+\.rb:\d+:in [`']/;

/**
 * `go test -v` prints a test's log lines (`    x_test.go:12: …`) before its verdict: they are the
 * failure's locations only when `--- FAIL` follows, not for a test that passes.
 */
export function createTestLocationGate(): (text: string, found: Location[]) => Location[] {
  let held: Location[] | null = null;
  let inRubyTrace = false;
  return (text, found) => {
    if (found.length > 0 && FRAME.test(text)) return [];
    const rubyFrame = RUBY_FRAME.test(text);
    const caller = rubyFrame && inRubyTrace;
    inRubyTrace = rubyFrame;
    if (caller) return [];
    if (text.startsWith('=== RUN') || text.startsWith('=== CONT')) {
      held = [];
      return found;
    }
    if (/^\s*--- FAIL/.test(text)) {
      const out = [...(held ?? []), ...found];
      held = null;
      return out;
    }
    if (/^\s*--- (?:PASS|SKIP)/.test(text)) {
      held = null;
      return found;
    }
    if (held !== null && found.length > 0 && /^\s+\S+_test\.go:\d+: /.test(text)) {
      if (held.length < MAX_HELD) held.push(...found);
      return [];
    }
    return found;
  };
}
