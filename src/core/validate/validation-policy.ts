import type { Strategy } from '../vocabulary.js';
import type { WeakeningPolicy } from './weakening-policy.js';

/** What a generated change may do before it is kept. */
export interface ValidationPolicy {
  /** Globs (matchGlob) of paths a fix may not touch at all. */
  forbiddenPaths: string[];
  /** Whether lockfiles may change: only when the fix is installing a dependency. */
  lockfilesAllowed: boolean;
  maxFileBytes: number;
  maxChangedFiles: number;
  maxAddedLines: number;
  /** The weakened_checks gate's rules; absent or null: the gate is off. */
  weakening?: WeakeningPolicy | null;
}

const DEFAULT_FORBIDDEN_PATHS: readonly string[] = ['.github/**'];
export const DEFAULT_MAX_FILE_BYTES = 1024 * 1024;
const DEFAULT_MAX_CHANGED_FILES = 50;
const DEFAULT_MAX_ADDED_LINES = 5000;

/** Lockfile names, in any folder. A fix other than dependency_check may not touch them. */
const LOCKFILES: readonly string[] = [
  'package-lock.json',
  'npm-shrinkwrap.json',
  'pnpm-lock.yaml',
  'yarn.lock',
  'bun.lock',
  'bun.lockb',
  'Cargo.lock',
  'go.sum',
  'poetry.lock',
  'uv.lock',
  'Pipfile.lock',
  'pdm.lock',
  'Gemfile.lock',
  'composer.lock',
];

/** True when `path`'s file name is a lockfile's. */
export function isLockfile(path: string): boolean {
  return LOCKFILES.includes(path.slice(path.lastIndexOf('/') + 1));
}

/** The policy for a change made by `strategy`: the defaults, lockfiles only for dependency_check. */
export function validationPolicy(
  strategy: Strategy,
  overrides: Partial<ValidationPolicy> = {},
): ValidationPolicy {
  return {
    forbiddenPaths: [...DEFAULT_FORBIDDEN_PATHS],
    lockfilesAllowed: strategy === 'dependency_check',
    maxFileBytes: DEFAULT_MAX_FILE_BYTES,
    maxChangedFiles: DEFAULT_MAX_CHANGED_FILES,
    maxAddedLines: DEFAULT_MAX_ADDED_LINES,
    ...overrides,
  };
}
