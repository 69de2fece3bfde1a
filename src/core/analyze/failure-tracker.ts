import type { Evidence } from '../diagnosis.js';
import type { Category } from '../vocabulary.js';
import type { CleanLine } from './clean-line.js';
import { createCrashWatcher } from './crash-mark.js';
import { EvidenceWindow, textOf, type LineText } from './evidence-window.js';
import { categoryOfCommand } from './command-category.js';
import { RecentLines } from './recent-lines.js';
import { failureMark, stepStart, type FailureMark } from './failure-structure.js';

/** Lines kept before a failure mark: the failing command's last words. */
export const TAIL_LINES = 8;
/** Lines a tool's failure summary is followed by that still belong to it (Maven's `[ERROR]` block). */
const SUMMARY_AFTER = 6;
/** CI and tool framing that says nothing about the cause. */
const FRAMING =
  /^(?:Process completed with exit code|Error: Process completed|##\[|::|\s*$|\[Pipeline\] |npm (?:ERR!|error) (?:A complete log|\s*$)|shell: |env:|\s+[A-Z_]+: )/;

/**
 * The last resort when neither a pattern nor the command says what failed: a script that stops on a
 * file it needs (`grep: CHANGELOG.md: No such file or directory`) is set up wrong, not built wrong.
 */
function categoryOfText(text: string): Category | null {
  return /no such file or directory/i.test(text) ? 'config' : null;
}

/**
 * The CI's own word that the job passed: GitLab, Jenkins, Travis. GitHub Actions says nothing at the end
 * of a green job; its post-job cleanup after steps without any `##[error]` says the same.
 */
const SUCCEEDED = new Set(['Job succeeded', 'Finished: SUCCESS', 'Done. Your build exited with 0.']);
const GITHUB_JOB_END = 'Cleaning up orphan processes';
/** A line's length first: most lines are none of these, and a long one need not be hashed to say so. */
const SUCCEEDED_LENGTHS = new Set([...SUCCEEDED].map((s) => s.length));

/** CircleCI opens each step's output with the shell it runs, then the command. */
const CIRCLECI_SHEBANG = /^#!\/bin\/(?:ba)?sh -e/;

/** Steps named by a title rather than by their command: Jenkins stages, Azure tasks. */
function isStepTitle(text: string): boolean {
  return text.startsWith('[Pipeline] { (') || text.startsWith('Starting: ');
}

interface Snapshot {
  step: number;
  mark: FailureMark;
  window: EvidenceWindow;
  /** The command of the step it is in, when the CI named one. */
  command: string | null;
}

/** What the structure of the log says failed, when no pattern does. */
export interface StructuralFailure {
  category: Category;
  evidence: Evidence;
}

/**
 * Follows the structure of a log: CI steps and the lines that say something failed. Remembers the
 * steps that failed (the diagnosis is anchored there) and, in bounded memory, the failing command's
 * last lines — the evidence when no pattern names the cause.
 */
export class FailureTracker {
  step = 0;
  /** Steps a CI marked as failed (`##[error]`, `exited with 1`). */
  readonly failedSteps = new Set<number>();
  private ghGroups = false;
  /**
   * The CI said the job passed (see SUCCEEDED), or GitHub Actions ended the job (its word only without any
   * `##[error]`).
   */
  private passed = false;
  private ghJobEnded = false;
  /** The first line of CI structure: a job's word that it passed covers no output before it. */
  jobStart: number | null = null;
  private ghError = false;
  private command: string | null;
  /**
   * The step's command is only its title (a Jenkins stage, an Azure task): the echoed command replaces it.
   */
  private titled = false;
  /** The next line is the command the CI echoes (after Azure's `Script contents:`, CircleCI's shebang). */
  private echoNext = false;
  private readonly tail = new RecentLines(TAIL_LINES);
  private stepSummary: Snapshot | null = null;
  private firstFailed: Snapshot | null = null;
  private firstSummary: Snapshot | null = null;
  private open: EvidenceWindow[] = [];
  private readonly crashed = createCrashWatcher();

  /**
   * Feeds a line the byte scanner found to say nothing this tracker looks for (see feedBytes): only the
   * failing command's last words keep it, read when a failure needs them.
   */
  quiet(lineNo: number, text: LineText, framing: boolean): void {
    if (framing) return;
    this.tail.push(lineNo, text);
  }

  /**
   * Feeds a line read for other parts that holds none of the tracker's literals (STRUCTURE_LITERALS,
   * TRACKER_LITERALS, CRASH_LITERALS, the summaries'), while it is not busy: what push would do with it.
   */
  passBy(lineNo: number, text: string): void {
    this.quiet(lineNo, text, FRAMING.test(text));
  }

  /** True while a line without any literal could still change what is tracked. */
  busy(): boolean {
    return this.open.length > 0 || this.echoNext || this.titled || this.crashed.busy();
  }

  /** `command`: the command whose output this is, when the caller knows it (and knows it failed). */
  constructor(private readonly knownCommand: string | null = null) {
    this.command = knownCommand;
  }

  /**
   * Feeds one cleaned line; returns true when it starts a new step. `summaries`: false when the scanner found
   * none of the tools' summary literals in it.
   */
  push(lineNo: number, line: CleanLine, summaries = true): boolean {
    if (this.open.length > 0) {
      for (const w of this.open) w.extend(line.text);
      this.open = this.open.filter((w) => w.open);
    }
    if (line.kind === 'group' && line.text.startsWith('Run ')) this.ghGroups = true;
    const started =
      this.jobStart === null || line.kind === 'group' || !this.ghGroups ? stepStart(line) : null;
    if (this.jobStart === null && (line.kind === 'group' || started !== null)) this.jobStart = lineNo;
    const command = line.kind === 'group' || !this.ghGroups ? started : null;
    if (command !== null) {
      this.newStep(command);
      this.titled = isStepTitle(line.text);
      return true;
    }
    if (this.echoNext || this.titled) this.echoed(line.text);
    if (line.text.startsWith('#!/bin/') && CIRCLECI_SHEBANG.test(line.text)) {
      this.newStep(null);
      this.echoNext = true;
      return true;
    }
    if (SUCCEEDED_LENGTHS.has(line.text.length) && SUCCEEDED.has(line.text)) this.passed = true;
    if (this.ghGroups && line.text === GITHUB_JOB_END) this.ghJobEnded = true;
    if (line.kind === 'error') this.ghError = true;
    const mark = failureMark(line, summaries) ?? this.crashed(line.text);
    if (mark) this.marked(lineNo, line.text, mark);
    else this.quiet(lineNo, line.text, FRAMING.test(line.text));
    return false;
  }

  /**
   * A stage is named by people ("Test", "Build"), the command it runs says what it checks: Jenkins traces
   * it as `+ cmd`, Azure prints it after `Script contents:`, CircleCI after the step's shebang.
   */
  private echoed(text: string): void {
    if (this.echoNext) {
      this.echoNext = false;
      if (text.trim() !== '') this.command = text.trim();
      this.titled = false;
    } else if (text.startsWith('+ ') && text.length > 2) {
      this.command = text.slice(2);
      this.titled = false;
    } else if (text === 'Script contents:') this.echoNext = true;
  }

  /** Lines were skipped: the lines before them are no longer the failing command's last words. */
  gap(): void {
    this.tail.clear();
    for (const w of this.open) w.close();
    this.open = [];
  }

  /** A new step begins: another file of a log split in several, or a CI step. */
  newStep(command: string | null = null): void {
    this.step++;
    this.command = command;
    this.titled = false;
    this.echoNext = false;
    this.tail.clear();
    this.stepSummary = null;
  }

  private marked(lineNo: number, text: string, mark: FailureMark): void {
    if (mark.level === 'ci') {
      this.failedSteps.add(this.step);
      const snap = this.stepSummary ?? this.snapshot(lineNo, text, mark, 0);
      this.firstFailed ??= snap;
      return;
    }
    if (this.stepSummary) {
      // `BUILD FAILURE` says nothing of what failed; the `Failed to execute goal …` after it does.
      if (this.stepSummary.mark.category === null && mark.category !== null) this.stepSummary.mark = mark;
      return;
    }
    this.stepSummary = this.snapshot(lineNo, text, mark, SUMMARY_AFTER);
    this.firstSummary ??= this.stepSummary;
  }

  private snapshot(lineNo: number, text: string, mark: FailureMark, after: number): Snapshot {
    const tail = this.tail;
    // The window holds the tail's lines as they were (framing dropped), then the mark and what follows.
    const window = new EvidenceWindow(tail.firstLine() ?? lineNo, tail.lines().map(textOf), text, after);
    if (after > 0) this.open.push(window);
    return { step: this.step, mark, window, command: this.command };
  }

  /** True when the log says something failed (a CI step, a tool's summary, or the caller said so). */
  get failed(): boolean {
    return this.firstFailed !== null || this.firstSummary !== null || this.knownCommand !== null;
  }

  /**
   * The CI says the job passed and no step of it failed: whatever words its output holds (warnings, a
   * tool's summary under `|| true`, passing tests named after errors) explain no failure.
   */
  get succeeded(): boolean {
    return (
      (this.passed || (this.ghJobEnded && !this.ghError)) &&
      this.firstFailed === null &&
      this.knownCommand === null
    );
  }

  /** The command of the current step, when the CI echoed or named it. */
  get currentCommand(): string | null {
    return this.command;
  }

  /** The command that failed, when the log or the caller names it. */
  get failingCommand(): string | null {
    return (this.firstFailed ?? this.firstSummary)?.command ?? this.knownCommand;
  }

  /** What the failing command checks, by its name (`go vet` → lint), when the log or the caller names it. */
  get failingCommandCategory(): Category | null {
    const command = this.failingCommand;
    return command ? categoryOfCommand(command) : null;
  }

  /** The failure as the structure describes it; null when the log shows no failure. */
  structural(): StructuralFailure | null {
    const snap = this.firstFailed ?? this.firstSummary;
    if (!snap) {
      if (this.knownCommand === null || this.tail.length === 0) return null;
      const w = new EvidenceWindow(
        this.tail.firstLine()!,
        this.tail.lines().slice(0, -1).map(textOf),
        textOf(this.tail.lines().at(-1)!),
        0,
      );
      return { category: categoryOfCommand(this.knownCommand) ?? 'build', evidence: w.toEvidence() };
    }
    const evidence = snap.window.toEvidence();
    const category =
      snap.mark.category ??
      (snap.command ? categoryOfCommand(snap.command) : null) ??
      (this.knownCommand ? categoryOfCommand(this.knownCommand) : null) ??
      categoryOfText(evidence.text) ??
      'build';
    return { category, evidence };
  }
}

/**
 * The literals of the lines the tracker reads beside failure marks (STRUCTURE_LITERALS): the CI's word that
 * the job passed, a step's echoed command, and framing that is not the failing command's output (`shell: `,
 * `env:` and `  KEY: value` feedBytes tells itself).
 */
export const TRACKER_LITERALS: readonly string[] = [
  ...[...SUCCEEDED].map((s) => s.toLowerCase()),
  GITHUB_JOB_END.toLowerCase(),
  '#!/bin/',
  'script contents:',
  'process completed',
  '[pipeline]',
  'npm err',
];
