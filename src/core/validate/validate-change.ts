import type { ChangeFacts, ChangedFile } from './change-facts.js';
import { syntaxError } from './check-syntax.js';
import { detectWeakenedChecks } from './detect-weakened-checks.js';
import { findSecrets } from './find-secrets.js';
import { comparablePath } from './comparable-path.js';
import { matchGlob } from './match-glob.js';
import { isLockfile, type ValidationPolicy } from './validation-policy.js';
import { VALIDATION_GATES, type ValidationResult, type Violation } from './validation-result.js';

const MiB = (bytes: number): string =>
  `${(bytes / 1024 / 1024).toFixed(bytes % (1024 * 1024) === 0 ? 0 : 1)} MiB`;

/**
 * The seed's pre-execution gates on a generated change, each judged on its own so that one report
 * lists everything wrong: syntax (changed YAML/JSON/TOML parse), forbidden_paths, lockfiles, size
 * (files, added lines, bytes per file) and secrets (in added lines only: a key already in a fixture
 * does not block a fix of the same file), weakened_checks (a check made to pass without fixing its cause).
 */
export function validateChange(change: ChangeFacts, policy: ValidationPolicy): ValidationResult {
  const violations: Violation[] = [
    ...change.files.flatMap((file) => syntax(file)),
    ...change.files.flatMap((file) => forbidden(file, policy)),
    ...change.files.flatMap((file) => lockfile(file, change, policy)),
    ...size(change.files, policy),
    ...change.files.flatMap((file) => secrets(file)),
    ...weakenedChecks(change, policy),
  ];
  const gates = VALIDATION_GATES.filter((gate) => gate !== 'weakened_checks' || Boolean(policy.weakening));
  return { passed: violations.length === 0, gates_checked: gates, violations };
}

function syntax(file: ChangedFile): Violation[] {
  const error = syntaxError(file);
  return error === null ? [] : [{ gate: 'syntax', path: file.path, message: error }];
}

function forbidden(file: ChangedFile, policy: ValidationPolicy): Violation[] {
  const glob = policy.forbiddenPaths.find(
    (pattern) =>
      matchGlob(pattern, file.path) || matchGlob(comparablePath(pattern), comparablePath(file.path)),
  );
  return glob === undefined
    ? []
    : [
        {
          gate: 'forbidden_paths',
          path: file.path,
          message: `${file.status} a file under a forbidden path (${glob}); a fix may not touch it, a person has to`,
        },
      ];
}

function lockfile(file: ChangedFile, change: ChangeFacts, policy: ValidationPolicy): Violation[] {
  if (policy.lockfilesAllowed || !isLockfile(file.path)) return [];
  return [
    {
      gate: 'lockfiles',
      path: file.path,
      message: `${file.status} a lockfile; only dependency_check may change lockfiles, not ${change.strategy}`,
    },
  ];
}

function size(files: readonly ChangedFile[], policy: ValidationPolicy): Violation[] {
  const out: Violation[] = [];
  if (files.length > policy.maxChangedFiles) {
    out.push({
      gate: 'size',
      path: '',
      message: `changes ${files.length} files; at most ${policy.maxChangedFiles} are allowed`,
    });
  }
  const added = files.reduce((sum, file) => sum + file.addedLines.length, 0);
  if (added > policy.maxAddedLines) {
    out.push({
      gate: 'size',
      path: '',
      message: `adds ${added} lines; at most ${policy.maxAddedLines} are allowed`,
    });
  }
  for (const file of files) {
    if (file.status === 'deleted' || file.sizeAfter <= policy.maxFileBytes) continue;
    // A file already over the cap (a big lockfile, a bundle) may change, as long as it does not grow by a
    // cap's worth.
    const crossed = file.status === 'added' || file.sizeBefore <= policy.maxFileBytes;
    if (!crossed && file.sizeAfter - file.sizeBefore <= policy.maxFileBytes) continue;
    out.push({
      gate: 'size',
      path: file.path,
      message: `is ${file.sizeAfter} bytes after the change; the cap is ${MiB(policy.maxFileBytes)}`,
    });
  }
  return out;
}

function secrets(file: ChangedFile): Violation[] {
  if (file.status === 'deleted') return [];
  return findSecrets(file.addedLines.join('\n')).map((finding) => ({
    gate: 'secrets' as const,
    path: file.path,
    message: `adds what looks like a secret: ${finding.masked}; keep secrets in the CI's secret store and refer to them`,
  }));
}

function weakenedChecks(change: ChangeFacts, policy: ValidationPolicy): Violation[] {
  if (!policy.weakening) return [];
  const files = change.files.map((file) => ({
    path: file.path,
    status: file.status,
    ...(file.lines ?? { added: [], removed: [] }),
  }));
  return detectWeakenedChecks(files, policy.weakening);
}
