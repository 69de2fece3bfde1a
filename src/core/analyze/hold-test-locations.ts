import type { FoundPlace } from './failure-places.js';
import { createMemoryReportGate, MEMORY_REPORT_LITERALS } from './memory-report-gate.js';

const MAX_HELD = 20;
/**
 * Runtime stack frames name where code ran, not what the tool reported: the frames of the JVM, of test
 * frameworks and build tools (`at org.junit.Assert.fail(Assert.java:89)`) and Go's goroutine dumps
 * (`\tf.go:9 +0x1d`), Rust backtraces, Elixir and Ruby backtraces. A JVM frame of the project's own class
 * (the failing test's line) stays.
 */
const FRAME =
  /^\s*at (?:java|javax|jdk|sun|com\.sun|kotlin|kotlinx|scala|junit|org\.(?:junit|apache|testng|gradle|opentest4j|hamcrest|assertj|mockito|springframework|scalatest|jetbrains\.kotlin)|worker\.org|groovy|org\.codehaus)\.[\w$.<>/]+\([\w$]+\.(?:java|kt|scala|groovy):\d+\)$|^\s+\S+\.go:\d+ \+0x[0-9a-f]+$|^\s+at \S+\.rs:\d+:\d+$|^\s+\((?:elixir|stdlib|ex_unit|mix|kernel|iex) [\d.]+\) |^\s+\S+\.exs?:\d+: \(/;
/**
 * A JVM frame (`\tat com.acme.Cart.total(Cart.java:4)`): the first of a trace's project frames is where it
 * broke. Frames without a line (`(CartCheck.kt)`, a Kotlin main's bridge; `(Native Method)`) go on with the
 * trace.
 */
const JVM_FRAME =
  /^\s*at [\w$.<>/]+\((?:[\w$]+\.(?:java|kt|scala|groovy)(?::\d+)?|Native Method|Unknown Source)\)$/;
/** A frame of a Go goroutine dump (`\t/app/cart.go:5 +0x33`; an inlined frame has no offset). */
const GO_FRAME = /^\s+\S+\.go:\d+(?: \+0x[0-9a-f]+)?$/;
/** What go's t.Log/t.Errorf print under a test (`    cart_test.go:12: got 4, want 5`). */
export const GO_TEST_LOG = /^\s+\S+_test\.go:\d+: /;
/** A Ruby backtrace: its first frame is where the error was raised, the frames under it are callers. */
const RUBY_FRAME = /^\s*(?:# |from )?\S+\.rb:\d+:in [`']/;
/** pytest's traceback frames (`tests/test_cart.py:1: in <module>`): callers first, as in Python's own. */
const PYTEST_FRAME = /^\S+\.py:\d+: in \S+$/;
/** rustc: spans under a `help:` or `note:` point at declarations, not at the error. */
const RUST_ASIDE = /^(?:help|note)(?:\[\w+\])?: /;

/** Lines that name a place which is not the error: a runtime's frame, a note's declaration, a warning. */
function secondary(text: string, rustSecondary: boolean): boolean {
  // yamllint: a warning does not fail the run; its errors do.
  if (text.includes(': [warning] ')) return true;
  if (rustSecondary && /^\s*--> /.test(text)) return true;
  return FRAME.test(text);
}

/**
 * Keeps the places a tool reports and drops the places its runtime passes through. `go test -v` prints
 * a test's log lines (`    x_test.go:12: …`) before its verdict: they are the failure's locations
 * only when `--- FAIL` follows. A Python or pytest traceback keeps its innermost frame of the project's code,
 * a
 * Ruby backtrace its first; an ExUnit `stacktrace:` block and rustc's `help:`/`note:` spans none.
 */
export interface TestLocationGate {
  (text: string, found: FoundPlace[]): FoundPlace[];
  /** True while a line without locations still changes what the next location means. */
  busy(): boolean;
}

export function createTestLocationGate(): TestLocationGate {
  let held: FoundPlace[] | null = null;
  let inRubyTrace = false;
  /** After rspec's `An error occurred while loading`: before (`open`) or after (`placed`) its first place. */
  let rubyLoad: 'open' | 'placed' | null = null;
  let rustSecondary = false;
  /** A Python traceback lists callers first: only its innermost frame of the project's code is kept. */
  let pyFrame: FoundPlace[] | null = null;
  /** pytest's innermost frame of the project's code so far, until the error's `E   ` lines. */
  let pytestFrame: FoundPlace[] | null = null;
  let exunitTrace = false;
  /** CMake's `Call Stack (most recent call first):` lists the includes that led to the error. */
  let cmakeStack = false;
  /** Inside a goroutine dump: before (`open`) or after (`done`) its first frame of the project's code. */
  let goTrace: 'open' | 'done' | null = null;
  let goPanic = false;
  const memory = createMemoryReportGate();
  /** Inside a JVM stack trace, after its first frame of the project's code. */
  let inJvmTrace = false;
  const gate = (text: string, found: FoundPlace[]): FoundPlace[] => {
    if (cmakeStack) {
      if (text.startsWith(' ') && text.trim() !== '') return [];
      cmakeStack = false;
    }
    if (text === 'Call Stack (most recent call first):') cmakeStack = true;
    if (text !== '' && !/^[\s|]/.test(text)) rustSecondary = RUST_ASIDE.test(text);
    if (pyFrame !== null && text !== '' && !text.startsWith(' ')) {
      found = [...pyFrame, ...found];
      pyFrame = null;
    }
    const inReport = memory(text, found);
    if (inReport !== null) return inReport;
    // Go's testing package speaks for itself (`testing.go:1319: race detected during execution of test`).
    if (found.length > 0 && /^\s+testing\.go:\d+: /.test(text)) return [];
    if (found.length > 0 && PYTEST_FRAME.test(text)) {
      pytestFrame = found;
      return [];
    }
    if (pytestFrame !== null && (text.startsWith('E ') || text.startsWith('_') || text.startsWith('='))) {
      // The error's own place (a SyntaxError's `File "…", line 2`) is deeper than any frame.
      if (found.length === 0) found = pytestFrame;
      pytestFrame = null;
    }
    if (exunitTrace) {
      if (text.trim() === '' || !text.startsWith(' ')) exunitTrace = false;
      else return [];
    }
    if (found.length === 0 && text.endsWith('stacktrace:') && /^\s+stacktrace:$/.test(text))
      exunitTrace = true;
    // A goroutine dump (a panic, a test timeout) lists the innermost call first: its first frame of the
    // project's code (the runtime's and testing's are not) is where it broke, inlined or not.
    // Only after a `panic:`, and only the goroutine that panicked (`[running]`), says where; the others
    // were waiting elsewhere, and a dump without a panic (a test's own report came first) says nothing new.
    if (text.startsWith('panic: ')) goPanic = true;
    const goroutine = text.startsWith('goroutine ') ? /^goroutine \d+ \[(\w+)/.exec(text) : null;
    if (goroutine) {
      goTrace = goPanic && goroutine[1] === 'running' ? 'open' : 'done';
      goPanic = false;
    } else if (goTrace !== null && GO_FRAME.test(text)) {
      if (goTrace === 'open' && found.length > 0) {
        goTrace = 'done';
        return found;
      }
      return [];
    } else if (goTrace !== null && (text.trim() === '' || /^(?:FAIL|ok|exit status|---|===)/.test(text)))
      goTrace = null;
    if (found.length > 0 && secondary(text, rustSecondary)) return [];
    // The frames under a trace's innermost project frame are its callers, as in a Python traceback.
    const jvmFrame = JVM_FRAME.test(text);
    const jvmCaller = jvmFrame && inJvmTrace;
    inJvmTrace = jvmFrame && (inJvmTrace || found.length > 0);
    if (jvmCaller) return [];
    if (found.length > 0 && text.includes('File "') && /^\s+File "/.test(text)) {
      pyFrame = found;
      return [];
    }
    const rubyFrame = RUBY_FRAME.test(text);
    // rspec's load error (`An error occurred while loading ./spec/a_spec.rb.`) has no example to name:
    // its backtrace's first frame is the place, unless the error itself named one (a SyntaxError's line).
    if (text.startsWith('An error occurred while loading ')) rubyLoad = 'open';
    else if (rubyLoad !== null && found.length > 0) {
      const first = rubyLoad === 'open';
      rubyLoad = 'placed';
      if (rubyFrame && text.startsWith('# ')) return first ? found : [];
      return found;
    }
    // rspec's `# ./spec/a_spec.rb:5:in …` backtrace: the failing example is named by its rerun line.
    if (rubyFrame && /^\s+# /.test(text)) {
      inRubyTrace = true;
      return [];
    }
    const caller = rubyFrame && (inRubyTrace || /^\s+from /.test(text));
    inRubyTrace = rubyFrame;
    if (caller) return [];
    if (rubyLoad !== null && (text.startsWith('Finished in ') || text.startsWith('No examples found')))
      rubyLoad = null;
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
    if (held !== null && found.length > 0 && GO_TEST_LOG.test(text)) {
      if (held.length < MAX_HELD) held.push(...found);
      return [];
    }
    return found;
  };
  return Object.assign(gate, {
    busy: () =>
      rustSecondary ||
      pyFrame !== null ||
      pytestFrame !== null ||
      memory.busy() ||
      exunitTrace ||
      inRubyTrace ||
      rubyLoad !== null ||
      cmakeStack ||
      inJvmTrace ||
      goTrace !== null,
  });
}

/**
 * The literals of the lines that change what the next places mean (a trace or a test's log starting or
 * ending); the lines that hold places have their digits' literals (INLINE_PLACE_LITERALS).
 */
export const TEST_LOCATION_LITERALS: readonly string[] = [
  // rust's asides, ExUnit traces, go test's verbose runs, CMake's include stack, Go's panics and goroutine
  // dumps, rspec's load errors.
  'help:',
  'help[',
  'note:',
  'note[',
  'stacktrace:',
  '=== run',
  '=== cont',
  '--- pass',
  '--- skip',
  'fail',
  'call stack (most recent call first):',
  'panic: ',
  'goroutine ',
  'an error occurred while loading ',
  ...MEMORY_REPORT_LITERALS,
];
