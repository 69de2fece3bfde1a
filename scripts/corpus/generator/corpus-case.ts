// One corpus case: the broken input, the real commands to run on it, and the label a person gives the
// log they print. The tables under scripts/corpus/cases/ are lists of these.
import type { CiName } from './framings/framing.js';

/** A file location as a person reads it in the log: [file, line, column or null]. */
export type Loc = [file: string, line: number, column: number | null];

export interface CorpusCase {
  /** `<dir>/<name>`: the log's path (without `.log`) under its batch's folder. */
  id: string;
  /** The tool and version that printed the failure (the manifest's `tool`). */
  tool: string;
  /** The command whose failure is labelled (bash; stdout and stderr combined). */
  cmd: string;
  /** The catalogue pattern of the first real cause, or null (green runs; fresh2 labels no pattern). */
  pattern: string | null;
  category: string;
  /** Files written into the scratch directory before anything runs (path → content). */
  files?: Record<string, string>;
  /**
   * The evidence lines in the tool's own output: every line a regex matches (first..last), or from the
   * first line `start` matches to the last line at or after it that `end` matches. Absent for green runs.
   */
  ev?: RegExp | [start: RegExp, end: RegExp];
  /** Locations listed by hand... */
  locs?: Loc[];
  /** ...or read from the output by a regex with named groups `f`, `l` and optionally `c` (null: none). */
  locre?: RegExp | null;
  /**
   * `raw` (the tool alone), a build tool that ran it (`npm`, `make`), a CI framing, or `ci`: the
   * batch's next CI in its fixed cycle, so a rerun gives the same framings.
   */
  wrapper?: CiName | 'ci' | 'raw' | 'npm' | 'make';
  /** Single-step batches: captured setup blocks before the command (`none`: no setup at all). */
  setup?: SetupKey | 'none';
  /** First batch: the log goes to the held-out folder. */
  held?: boolean;
  note?: string;
  /** Extra environment (a null value unsets a variable). */
  env?: Record<string, string | null>;
  /** Seconds before the command is killed (exit 124). Default 120. */
  timeout?: number;
  /** Shell run in the scratch directory before the steps, not logged. */
  pre?: string;
  /** Ecosystem, when the table's is not the case's (cross-ecosystem tables). */
  eco?: string;
  /** Multi-step batches: logged setup steps before `cmd` (`@<setup key>`: a captured block). */
  steps?: string[];
  /** Multi-step batches: logged steps after `cmd` (Travis runs them all; GitHub Actions with `cont`). */
  after?: string[];
  /** GitHub Actions: the failing step has continue-on-error. */
  cont?: boolean;
  /** Travis/Jenkins phase of `cmd`: `install` stops a Travis build there. */
  phase?: 'install' | 'script';
}

/** The captured setup blocks a framing can show before the failing step (see setup-blocks.ts). */
export type SetupKey = 'apt' | 'npm' | 'pip' | 'go' | 'mvn' | 'ruby' | 'php' | 'cargo' | 'mix';
