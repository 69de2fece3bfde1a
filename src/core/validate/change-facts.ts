import type { Strategy } from '../vocabulary.js';
import type { FileLines } from './parse-diff-lines.js';

export type ChangedFileStatus = 'added' | 'modified' | 'deleted';

/** One file a generated change touched, as VALIDATE needs to see it. Paths are repository-relative. */
export interface ChangedFile {
  path: string;
  status: ChangedFileStatus;
  /** Bytes before the change (0 when added) and after it (0 when deleted). */
  sizeBefore: number;
  sizeAfter: number;
  /** The content after the change, for a UTF-8 text file under the size cap; absent otherwise. */
  text?: string;
  /** Lines the change added (from the diff), without their `+`. */
  addedLines: string[];
  /**
   * The lines added and removed, numbered, for the weakened_checks gate; absent: only addedLines are known.
   */
  lines?: FileLines;
}

/** The facts about a generated change that the pre-execution gates judge. */
export interface ChangeFacts {
  strategy: Strategy;
  files: ChangedFile[];
}
