import type { Config } from '../config/schema.js';
import { matchesAny } from '../validate/match-glob.js';
import { GATES, type Gate } from '../vocabulary.js';
import { sha256Hex } from './sha256.js';

/** A changed file as the pull request's files list gives it; `sha` is the blob (null: deleted or unknown). */
export interface ChangedFile {
  path: string;
  previousPath?: string;
  sha: string | null;
}

/**
 * A gate the change needs: the files that trigger it (sorted, at most MAX_LISTED_FILES) and its fingerprint.
 */
export interface RequiredGate {
  gate: Gate;
  files: string[];
  /** How many more matched files `files` leaves out. */
  more: number;
  /** SHA-256 of the sorted (path, previous path, blob) triples of every matched file. */
  fingerprint: string;
}

export const MAX_LISTED_FILES = 20;

const touches = (paths: readonly string[], file: ChangedFile): boolean =>
  matchesAny(paths, file.path) || (file.previousPath !== undefined && matchesAny(paths, file.previousPath));

const display = (file: ChangedFile): string =>
  file.previousPath !== undefined && file.previousPath !== file.path
    ? `${file.previousPath} → ${file.path}`
    : file.path;

/**
 * The human gates a change needs, in GATES order. A rename counts its old path too: moving a file
 * out of `migrations/` touches the migrations. The fingerprint ties an approval to the gate's own
 * files: a rebase that leaves them alone keeps it, a push that changes one of them asks again.
 */
export function requiredGates(changedFiles: readonly ChangedFile[], gates: Config['gates']): RequiredGate[] {
  const required: RequiredGate[] = [];
  for (const gate of GATES) {
    const matched = changedFiles.filter((file) => touches(gates[gate].paths, file));
    if (matched.length === 0) continue;
    const listed = [...new Set(matched.map(display))].sort(compare);
    required.push({
      gate,
      files: listed.slice(0, MAX_LISTED_FILES),
      more: Math.max(0, listed.length - MAX_LISTED_FILES),
      fingerprint: fingerprintOf(matched),
    });
  }
  return required;
}

/**
 * JSON keeps the fields apart (no separator a path could contain); sorted and deduplicated, so order never
 * matters.
 */
function fingerprintOf(files: readonly ChangedFile[]): string {
  const entries = [
    ...new Set(files.map((f) => JSON.stringify([f.path, f.previousPath ?? null, f.sha]))),
  ].sort(compare);
  return sha256Hex(`closed-loop gate fingerprint v1\n${entries.join('\n')}`);
}

/** Code-unit order, not locale order: the same on every machine. */
const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
