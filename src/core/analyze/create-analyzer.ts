import type { Diagnosis } from '../diagnosis.js';
import type { CompiledCatalogue } from '../patterns/compile-catalogue.js';
import { ALL_CONCERNS, CONCERN } from './analyzer-literals.js';
import { createCatalogueMatcher } from './catalogue-matcher.js';
import { cleanLine, cleanMarker, isPassingLine } from './clean-line.js';
import { EVIDENCE_BEFORE, type LineText } from './evidence-window.js';
import { createLocationExtractor } from './extract-locations.js';
import { createSeverityReader, type FoundPlace } from './failure-places.js';
import { FailureTracker } from './failure-tracker.js';
import { feedBytes, type ByteFeed } from './feed-bytes.js';
import { finishDiagnosis } from './finish-diagnosis.js';
import { createTestLocationGate } from './hold-test-locations.js';
import { createCapturedOutput, ECHO, isTestLine, STACK_FRAME } from './line-roles.js';
import { lineScanner, scannerBuilt, type LineHints, type LineScanner } from './line-scanner.js';
import { createMatchTiming, type SlowPattern } from './match-timing.js';
import { createPlaceCollector } from './place-collector.js';

/** The parts that read places: the tools' readers, the extractor's others, `file:line` shapes. */
const PLACE_CONCERNS =
  CONCERN.toolPlaces |
  CONCERN.places |
  CONCERN.inlinePlaces |
  CONCERN.messages |
  CONCERN.toolNotes |
  CONCERN.everything;
/** Whether a line of `concerns` concerns a part of `bits` (every part when it concerns everything). */
const concerned = (concerns: number, bits: number): boolean => (concerns & (bits | CONCERN.everything)) !== 0;
/** Longer lines (minified bundles, base64 blobs) are matched on their first part only. */
const MAX_LINE_CHARS = 4096;
/** Characters push reads before it builds the scanner (about feedBytes's SCAN_AFTER in bytes). */
const SCAN_AFTER_CHARS = 256 * 1024;

export interface Analyzer {
  /** Feeds one raw log line (without its newline). */
  push(raw: string): void;
  /**
   * Feeds raw bytes of a UTF-8 log (no byte-order mark), cut into lines here: the fast path for files,
   * which decodes only the lines that can matter. The chunk may be reused once this returns. Call endBytes()
   * when the input (one file) ends.
   */
  pushBytes(chunk: Uint8Array): void;
  endBytes(): void;
  /** Lines analysed so far. */
  lines(): number;
  /** Starts a new step: the next file of a log split in several (GitHub's download has one per step). */
  startStep(): void;
  /**
   * Passes over `lines` lines unread (a gap in the log: the next line fed is the one after them); a line the
   * bytes fed so far left unfinished is not read either.
   */
  skip(lines: number): void;
  /**
   * With a clock (AnalyzerOptions.clock) and custom patterns in the catalogue: the time matching took in all,
   * and the custom pattern slowest on the line that took longest, timed on it now. Null otherwise.
   */
  slowCustomPattern(): SlowPattern | null;
  finish(): Diagnosis;
}

export interface AnalyzerOptions {
  /** Paths under this directory are reported relative to it. */
  root?: string;
  /** The command whose output is analysed, when the caller ran it and saw it fail (a check's command). */
  command?: string;
  /**
   * Bytes pushBytes reads line by line before it skips lines unread (SCAN_AFTER; tests use 0), and
   * characters push reads before it finds a line's candidate signals with the scanner rather than by trying
   * the catalogue's combined expressions (the same answer: the scanner pays off on long logs only). By
   * default 0 when the scanner for this catalogue was built before (it costs nothing more then); Infinity
   * reads every line in full, never scanning.
   */
  scanAfter?: number;
  /** A millisecond clock: matching is timed when the catalogue has custom patterns (slowCustomPattern). */
  clock?: () => number;
}

/**
 * A streaming analyzer: memory stays bounded by the catalogue, not the log (a few lines of context per
 * pattern, at most 100 locations), so logs of any size pass through it.
 */
export function createAnalyzer(catalogue: CompiledCatalogue, options: AnalyzerOptions = {}): Analyzer {
  const matcher = createCatalogueMatcher(catalogue);
  const timing = options.clock && catalogue.custom.size > 0 ? createMatchTiming(options.clock) : null;
  const severityOf = createSeverityReader();
  const extractor = createLocationExtractor(options.root, options.command);
  /** CI steps, and the steps that failed: the cause lives in one of them, not in the setup around. */
  const structure = new FailureTracker(options.command ?? null);
  const places = createPlaceCollector(structure.failedSteps);
  const gate = createTestLocationGate();
  const captured = createCapturedOutput();
  const before: LineText[] = [];
  let lineNo = 0;
  let lastErrorLine = '';
  let stepCommand: string | null = null;
  const remember = (text: LineText): void => {
    before.push(text);
    if (before.length > EVIDENCE_BEFORE) before.shift();
  };
  /** Lines of another step are no context for this one's evidence. */
  const closeWindows = (): void => {
    before.length = 0;
    for (const hit of matcher.hits.values()) hit.window.close();
  };

  /** The line path's scanner, once `scanAfter` characters were read (null: none, or not yet). */
  let textScanner: LineScanner | null = null;
  let textSeen = 0;
  // The scanner's tables built before (the same catalogue analysed another log): no reason to wait for it.
  const scanFrom = options.scanAfter ?? (scannerBuilt(catalogue) ? 0 : undefined);
  const scanAfter = scanFrom ?? SCAN_AFTER_CHARS;
  /**
   * `hints`: what the byte scanner found in the line (the signals that can match it…), if it scanned it;
   * `cleaned`: the byte scanner cleaned it already (LineSink.line).
   */
  const read = (raw: string, hints?: LineHints, cleaned = false): void => {
    lineNo++;
    if (hints === undefined && textScanner === null && (textSeen += raw.length) > scanAfter) {
      textScanner = lineScanner(catalogue);
      textSeen = -Infinity; // built or not, asked once
    }
    const clean = cleaned
      ? cleanMarker(raw)
      : cleanLine(raw.length > MAX_LINE_CHARS ? headAndTail(raw) : raw);
    const { text: full, kind } = clean;
    // The parts of the analyzer the line concerns (the byte scanner's word), or every part.
    const concerns = hints?.concerns() ?? ALL_CONCERNS;
    if (!concerned(concerns, CONCERN.structure | CONCERN.summaries) && !structure.busy())
      structure.passBy(lineNo, full);
    else if (structure.push(lineNo, clean, concerned(concerns, CONCERN.summaries))) closeWindows();
    // A step's command is known at its start, or a line later when the CI echoes it (CircleCI, Jenkins).
    if (structure.currentCommand !== stepCommand)
      extractor.setCommand((stepCommand = structure.currentCommand));
    const step = structure.step;
    const roles = concerned(concerns, CONCERN.roles);
    const inCaptured = roles || captured.busy() ? captured(full) : false;
    matcher.extendWindows(full);
    // Each part reads the line when it holds one of the part's literals, or while the part is busy.
    const readPlaces = concerned(concerns, PLACE_CONCERNS) || extractor.busy();
    const readTests = concerned(concerns, CONCERN.testPlaces) || gate.busy();
    const readSeverity = concerned(concerns, CONCERN.severity) || severityOf.busy();
    const signalled = hints === undefined || hints.signals().length > 0;
    if (
      (readPlaces || readTests || readSeverity || roles || signalled) &&
      !isPassingLine(full) &&
      !inCaptured &&
      kind !== 'group'
    ) {
      // The lower case only when a part asks (the byte path's lines read for places or tests alone do not).
      let lower: string | undefined;
      // What the line holds, from one pass of the scanner (the byte path's, or over the line's lower case):
      // the signals that can match it, and which of the place readers it concerns.
      const scanned =
        hints ?? (textScanner?.scanText((lower ??= full.toLowerCase())) ? textScanner : undefined);
      let found = readPlaces ? extractor.push(full, scanned?.concerns(), lineNo) : ([] as FoundPlace[]);
      if (found.length > 0 || readTests) found = gate(full, found);
      if (found.length > 0 || readSeverity) {
        const severity = severityOf(full, found.length > 0);
        if (found.length > 0) places.add(found, lineNo, step, severity, extractor.message());
      }
      if (roles && /error|fail|fatal/.test((lower ??= full.toLowerCase())) && full.trim())
        lastErrorLine = full;
      const started = timing?.start();
      // The catalogue's literal prefilter first: most lines stop there (the scanner's signals, else the
      // catalogue's combined expressions).
      const only = scanned?.signals();
      const mayMatch =
        only === undefined ? catalogue.mayMatch(full, (lower ??= full.toLowerCase())) : only.length > 0;
      if (mayMatch && !STACK_FRAME.test(full) && !ECHO.test(full))
        matcher.matchLine(
          full,
          (lower ??= full.toLowerCase()),
          { line: lineNo, step, before },
          isTestLine(full),
          only,
        );
      if (started !== undefined) timing!.end(started, full);
    }
    remember(full);
  };

  let bytes: ByteFeed | null = null;
  const feed = (): ByteFeed =>
    (bytes ??= feedBytes(
      {
        line: read,
        quiet(text, framing) {
          lineNo++;
          structure.quiet(lineNo, text, framing);
          remember(text);
        },
        busy: () =>
          captured.busy() || structure.busy() || extractor.busy() || gate.busy() || matcher.anyWindowOpen(),
        watching: () => extractor.watching(),
      },
      () => lineScanner(catalogue),
      scanFrom,
    ));

  return {
    push: (raw) => read(raw),
    pushBytes: (chunk) => feed().push(chunk),
    endBytes() {
      bytes?.end();
      bytes = null;
    },
    lines: () => lineNo,
    finish: () =>
      finishDiagnosis({
        catalogue,
        hits: matcher.hits.values(),
        places: places.all(),
        structure,
        command: options.command,
        lastErrorLine,
      }),
    // The next file of a log split in several: a step of its own.
    startStep() {
      structure.newStep();
      extractor.setCommand((stepCommand = null));
      closeWindows();
    },
    skip(lines) {
      bytes = null;
      lineNo += lines;
      structure.gap();
      closeWindows();
    },
    slowCustomPattern: () => (timing === null ? null : timing.slowest(catalogue)),
  };
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
