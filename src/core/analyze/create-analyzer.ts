import type { Diagnosis } from '../diagnosis.js';
import { DEFAULT_STRATEGY } from '../vocabulary.js';
import type { CompiledCatalogue, CompiledPattern } from '../patterns/compile-catalogue.js';
import { confidenceOf, type CompiledSignal } from '../patterns/compile-signal.js';
import { cleanLine, isPassingLine } from './clean-line.js';
import { createLocationExtractor, LISTS_FILES } from './extract-locations.js';
import { EVIDENCE_BEFORE, EvidenceWindow, textOf, type LineText } from './evidence-window.js';
import { feedBytes, type ByteFeed } from './feed-bytes.js';
import { lineScanner } from './line-scanner.js';
import { errorSignature } from './signature.js';
import { pickCause, type Candidate } from './pick-cause.js';
import { FailureTracker } from './failure-tracker.js';
import { createTestLocationGate, GO_TEST_LOG } from './hold-test-locations.js';
import { createSeverityReader, failurePlaces, type PlacedLocation } from './failure-places.js';

export const CONFIDENCE_THRESHOLD = 0.3;
/** Categories of commands that check code rather than build it. */
const CHECKS = new Set(['lint', 'format', 'type']);
const STACK_FRAME = /^\s+at\s+\S/;
/**
 * Test runners echo what tests print (vitest `stderr | file > test`, jest `console.error`, pytest's
 * `--- Captured stdout call ---` section): not failures. A blank line, or pytest's next rule, ends it.
 */
const CAPTURED_OUTPUT =
  /^(stdout|stderr) \| \S|^\s*console\.(log|error|warn|info|debug)$|^-+ Captured (?:stdout|stderr|log) \w+ -+$/;
const PYTEST_RULE = /^[=_]{5,}/;
/**
 * Echoed source and values, not output: a code frame (`> 5 |   expect(x)…`, gcc's `    4 |   int r…`),
 * pytest's failing source line (`>       assert m == "permission denied"`) and its assertion diff
 * (`E         - permission denied`). Words of other failures there are code and data.
 */
const ECHO = /^\s*>?\s*\d+ \| |^>\s{3,}\S|^E\s{3,}[-+?] /;
/**
 * A failing test's name (`● retries when the connection is refused`, `___ test_permission_denied ___`);
 * jest's own `● Validation Error:` about its config is no test.
 */
const TEST_HEADER =
  /^\s*(?:● (?!(?:Validation|Deprecation) (?:Error|Warning):)|--- FAIL: |FAIL |✕ |[×✗] .+ \d+m?s$)|^_{3,} \S.* _{3,}$|^(?:FAILED|ERROR) \S+::/;
/**
 * A failing test's own message: an assertion's text (`AssertionError: assert 'denied' == 'permission
 * denied'`) and what go's t.Errorf printed under `--- FAIL:` (`    w_test.go:7: worker timed out`). Their
 * words are the test's data; only test patterns read them.
 */
const TEST_MESSAGE = new RegExp(String.raw`\bAssertionError\b|^E\s+assert\b|` + GO_TEST_LOG.source);
export const MAX_LOCATIONS = 100;
/** Longer lines (minified bundles, base64 blobs) are matched on their first part only. */
export const MAX_LINE_CHARS = 4096;

export interface Analyzer {
  /** Feeds one raw log line (without its newline). */
  push(raw: string): void;
  /**
   * Feeds raw bytes of a UTF-8 log (no byte-order mark), cut into lines here: the fast path for files,
   * which decodes only the lines that can matter. The chunk may be reused once this returns. Call endBytes()
   * when
   * the input (one file) ends.
   */
  pushBytes(chunk: Uint8Array): void;
  endBytes(): void;
  /** Lines analysed so far. */
  lines(): number;
  /** Starts a new step: the next file of a log split in several (GitHub's download has one per step). */
  startStep(): void;
  finish(): Diagnosis;
}

interface Hit {
  compiled: CompiledPattern;
  matched: Set<number>;
  firstLine: number;
  step: number;
  headline: string;
  window: EvidenceWindow;
}

/**
 * A streaming analyzer: memory stays bounded by the catalogue, not the log (a few lines of context per
 * pattern, at most MAX_LOCATIONS locations), so logs of any size pass through it.
 */
export interface AnalyzerOptions {
  /** Paths under this directory are reported relative to it. */
  root?: string;
  /** The command whose output is analysed, when the caller ran it and saw it fail (a check's command). */
  command?: string;
  /** Bytes pushBytes reads line by line before it skips lines unread (SCAN_AFTER; tests use 0). */
  scanAfter?: number;
}

/**
 * Confidence of a diagnosis taken from the log's structure alone (a failing step, a build tool's summary).
 */
export const STRUCTURAL_CONFIDENCE = 0.2;

/** A failed `gofmt -l` (`prettier -l`, …) whose output listed files: its own way of saying "unformatted". */
const LISTED_FILES_CONFIDENCE = 0.8;
const listedFiles = (command: string | undefined, located: number): boolean =>
  command !== undefined && located > 0 && LISTS_FILES.test(command);

export function createAnalyzer(catalogue: CompiledCatalogue, options: AnalyzerOptions = {}): Analyzer {
  const hits = new Map<string, Hit>();
  const locations = new Map<string, PlacedLocation>();
  const severityOf = createSeverityReader();
  const extractor = createLocationExtractor(options.root, options.command);
  const before: LineText[] = [];
  let lineNo = 0;
  let lastFallback = '';
  let captured = false;
  /** CI steps, and the steps that failed: the cause lives in one of them, not in the setup around. */
  const structure = new FailureTracker(options.command ?? null);
  const gate = createTestLocationGate();
  let stepCommand: string | null = null;

  /**
   * `signals`: the only signals that can match the line, when the byte scanner knows (their literals are in
   * it).
   */
  const push = (raw: string, signals?: ReadonlySet<CompiledSignal>): void => {
    lineNo++;
    const clean = cleanLine(raw.length > MAX_LINE_CHARS ? headAndTail(raw) : raw);
    const { text: full, kind } = clean;
    if (structure.push(lineNo, clean)) {
      before.length = 0;
      for (const hit of hits.values()) hit.window.close();
    }
    // A step's command is known at its start, or a line later when the CI echoes it (CircleCI, Jenkins).
    if (structure.currentCommand !== stepCommand)
      extractor.setCommand((stepCommand = structure.currentCommand));
    const step = structure.step;
    if (CAPTURED_OUTPUT.test(full)) captured = true;
    else if (captured && (full.trim() === '' || PYTEST_RULE.test(full))) captured = false;
    for (const hit of hits.values()) if (hit.window.open) hit.window.extend(full);
    const passing = isPassingLine(full);
    if (!passing && !captured && kind !== 'group') {
      const found = gate(full, extractor.push(full));
      const severity = severityOf(full, found.length > 0);
      for (const loc of found) {
        const key = `${loc.file}:${loc.line}:${loc.column ?? ''}`;
        if (locations.has(key)) continue;
        if (locations.size >= MAX_LOCATIONS) evictGreenStepLocation(step);
        if (locations.size < MAX_LOCATIONS) locations.set(key, { ...loc, at: lineNo, step, severity });
      }
      const lower = full.toLowerCase();
      if (/error|fail|fatal/.test(lower) && full.trim()) lastFallback = full;
      // Stack frames repeat the names of internals (`packageResolve`), never the cause.
      // The catalogue's literal prefilter first: most lines stop there.
      const mayMatch = signals === undefined ? catalogue.mayMatch(full, lower) : signals.size > 0;
      if (mayMatch && !STACK_FRAME.test(full) && !ECHO.test(full))
        matchLine(full, lower, step, TEST_HEADER.test(full) || TEST_MESSAGE.test(full), signals);
    }
    before.push(full);
    if (before.length > EVIDENCE_BEFORE) before.shift();
  };

  /** At the cap, an earlier step's location that did not fail makes room for this step's. */
  const evictGreenStepLocation = (step: number): void => {
    for (const [key, loc] of locations) {
      if (loc.step !== step && !structure.failedSteps.has(loc.step)) {
        locations.delete(key);
        return;
      }
    }
  };

  const match = (compiled: CompiledPattern, i: number, text: string, lower: string, step: number): void => {
    let hit = hits.get(compiled.pattern.id);
    if (hit?.matched.has(i) || !compiled.signals[i]!.test(text, lower)) return;
    if (!hit) {
      hit = {
        compiled,
        matched: new Set(),
        firstLine: lineNo,
        step,
        headline: text,
        window: new EvidenceWindow(Math.max(1, lineNo - before.length), before.map(textOf), text),
      };
      hits.set(compiled.pattern.id, hit);
    }
    hit.matched.add(i);
  };

  let owners: Map<CompiledSignal, { compiled: CompiledPattern; i: number; rank: number }> | null = null;
  const matchLine = (
    text: string,
    lower: string,
    step: number,
    testName: boolean,
    only?: ReadonlySet<CompiledSignal>,
  ): void => {
    if (only === undefined) {
      for (const compiled of catalogue.patterns) {
        if (testName && compiled.pattern.category !== 'test') continue;
        for (let i = 0; i < compiled.signals.length; i++) match(compiled, i, text, lower, step);
      }
      return;
    }
    // The byte scanner named the signals that can match: only those are tried, in catalogue order.
    owners ??= new Map(
      catalogue.patterns.flatMap((compiled, p) =>
        compiled.signals.map((s, i) => [s, { compiled, i, rank: p * 10_000 + i }] as const),
      ),
    );
    const tried = [...only].map((s) => owners!.get(s)!).sort((x, y) => x.rank - y.rank);
    for (const { compiled, i } of tried)
      if (!testName || compiled.pattern.category === 'test') match(compiled, i, text, lower, step);
  };

  const finish = (): Diagnosis => {
    // A job the CI says passed explains nothing; output before that job began (a tool's own log before a
    // green job's, concatenated) is not covered by its word.
    const beforeJob = [...hits.values()].some(
      (h) => structure.jobStart === null || h.firstLine < structure.jobStart,
    );
    if (structure.succeeded && !beforeJob) {
      return {
        pattern: null,
        category: 'unknown',
        confidence: 0,
        strategy: DEFAULT_STRATEGY,
        retryable: true,
        locations: [],
        signature: errorSignature(null, undefined, ''),
        evidence: null,
        alternatives: [],
      };
    }
    const candidates: (Candidate & { hit: Hit })[] = [...hits.values()]
      .map((h) => ({
        hit: h,
        id: h.compiled.pattern.id,
        priority: h.compiled.pattern.priority,
        firstLine: h.firstLine,
        step: h.step,
        confidence: confidenceOf([...h.matched].map((i) => h.compiled.signals[i]!)),
      }))
      .filter((c) => c.confidence >= CONFIDENCE_THRESHOLD);
    let winner = pickCause(candidates, structure.failedSteps);
    // A compiler-shaped line (`main.go:7:2: …`) says a tool spoke, not which: when the failing command
    // is a check (`go vet`, a linter, a type checker) and no pattern of that kind fired, the command knows
    // better.
    const checks = structure.failingCommandCategory;
    if (
      winner &&
      winner.hit.compiled.pattern.category === 'build' &&
      checks &&
      CHECKS.has(checks) &&
      !candidates.some((c) => c.hit.compiled.pattern.category === checks)
    )
      winner = null;
    const kept = failurePlaces(
      [...locations.values()],
      structure.failedSteps,
      winner && { step: winner.hit.step, category: winner.hit.compiled.pattern.category },
      structure.failed,
    );
    // tsc --pretty also prints `Found 1 error in src/a.ts:2`: no new place when file:line:col is known.
    const withColumn = new Set(kept.filter((l) => l.column !== null).map((l) => `${l.file}:${l.line}`));
    const locs = kept
      .filter((l) => l.column !== null || !withColumn.has(`${l.file}:${l.line}`))
      .map(({ file, line, column }) => ({ file, line, column }));
    const alternatives = candidates
      .filter((c) => c !== winner)
      .sort((a, b) => b.confidence - a.confidence || a.firstLine - b.firstLine)
      .slice(0, 5)
      .map((c) => ({ pattern: c.id, confidence: c.confidence }));
    // The caller's command, or the failing CI step's (`$ terraform fmt -check` in a Travis log).
    const failing = options.command ?? structure.failingCommand ?? undefined;
    const formatter =
      !winner && listedFiles(failing, locs.length)
        ? catalogue.patterns.find((c) => c.pattern.category === 'format')?.pattern
        : undefined;
    if (formatter !== undefined) {
      // `gofmt -l .` says nothing but the names of the files it would reformat: the command is the diagnosis.
      const failure = structure.structural();
      return {
        pattern: formatter.id,
        category: formatter.category,
        confidence: LISTED_FILES_CONFIDENCE,
        strategy: formatter.strategy,
        retryable: formatter.retryable,
        locations: locs,
        signature: errorSignature(formatter.id, locs[0], `${failing ?? ''} listed ${locs.length} file(s)`),
        evidence: failure?.evidence ?? null,
        alternatives,
      };
    }
    if (!winner) {
      // No pattern names the cause: what failed is still known from the log's structure.
      const failure = structure.structural();
      const headline = failure ? lastErrorLine(failure.evidence.text) : lastFallback;
      return {
        pattern: null,
        category: failure?.category ?? 'unknown',
        confidence: failure ? STRUCTURAL_CONFIDENCE : 0,
        strategy: DEFAULT_STRATEGY,
        retryable: true,
        locations: locs,
        signature: errorSignature(null, locs[0], headline),
        evidence: failure?.evidence ?? null,
        alternatives,
      };
    }
    const hit = winner.hit;
    const p = hit.compiled.pattern;
    const primary = kept.find((l) => l.at >= hit.firstLine - EVIDENCE_BEFORE) ?? locs[0];
    return {
      pattern: p.id,
      category: p.category,
      confidence: winner.confidence,
      strategy: p.strategy,
      retryable: p.retryable,
      locations: locs,
      signature: errorSignature(p.id, primary, hit.headline),
      evidence: hit.window.toEvidence(),
      alternatives,
    };
  };

  // Lines of another step (file) are no context for this one's evidence.
  const startStep = (): void => {
    structure.newStep();
    extractor.setCommand((stepCommand = null));
    before.length = 0;
    for (const hit of hits.values()) hit.window.close();
  };

  let bytes: ByteFeed | null = null;
  const feed = (): ByteFeed =>
    (bytes ??= feedBytes(
      {
        line: push,
        quiet(text, framing) {
          lineNo++;
          structure.quiet(lineNo, text, framing);
          before.push(text);
          if (before.length > EVIDENCE_BEFORE) before.shift();
        },
        busy: () =>
          captured ||
          structure.busy() ||
          extractor.busy() ||
          gate.busy() ||
          [...hits.values()].some((h) => h.window.open),
      },
      () => lineScanner(catalogue),
      options.scanAfter,
    ));

  return {
    push,
    pushBytes: (chunk) => feed().push(chunk),
    endBytes() {
      bytes?.end();
      bytes = null;
    },
    lines: () => lineNo,
    finish,
    startStep,
  };
}

/** The line of a failure excerpt that says most about it, for the signature. */
function lastErrorLine(text: string): string {
  // The CI's own "exit code 1" is the same for every failure: the tool's words tell them apart.
  const lines = text
    .split('\n')
    .filter(
      (l) =>
        l.trim() !== '' &&
        !/exit(?:ed with)? (?:code|status) '?\d|exited with \d|Job failed|^Finished: FAILURE/.test(l),
    );
  return lines.find((l) => /error|fail|fatal|exception/i.test(l)) ?? lines.at(-1) ?? text;
}

/**
 * A very long line keeps its start and its end: minified code is noise either way, but a progress bar
 * rewritten with carriage returns, or a JSON blob from a tool, ends with what matters.
 */
function headAndTail(raw: string): string {
  const half = MAX_LINE_CHARS / 2;
  return `${raw.slice(0, half)} … ${raw.slice(-half)}`;
}

/** Convenience for whole strings (tests, small inputs). */
export function analyzeText(
  catalogue: CompiledCatalogue,
  text: string,
  options: AnalyzerOptions = {},
): Diagnosis {
  const analyzer = createAnalyzer(catalogue, options);
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  for (const line of lines) analyzer.push(line);
  return analyzer.finish();
}
