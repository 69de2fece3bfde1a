import { allowed, quoteLines, weakened } from './weakening-lines.js';
import { matchesAny } from './match-glob.js';
import type { DiffLine } from './parse-diff-lines.js';
import type { FileChange, WeakeningPolicy } from './weakening-policy.js';
import { COUNTING_RULES } from './weakening-rules.js';
import type { Violation } from './validation-result.js';

const COVERAGE_FILES = [
  '**/{vitest,vite,jest}.config.*',
  '**/vitest.workspace.*',
  '**/package.json',
  '**/.coveragerc',
  '**/pyproject.toml',
  '**/setup.cfg',
  '**/tox.ini',
  '**/pytest.ini',
  '**/.nycrc*',
  '**/.c8rc*',
  '**/{.,}codecov.{yml,yaml}',
  '**/Makefile',
];
/** A coverage threshold: its key and number (`lines: 80`, `fail_under = 90`, `--cov-fail-under=85`). */
const THRESHOLD =
  /\b(lines|branches|functions|statements|fail[_-]under|cov-fail-under|min(?:imum)?_coverage|threshold)\b["']?\s*[:=]?\s*["']?(\d+(?:\.\d+)?)/gi;

function thresholds(lines: readonly DiffLine[]): Map<string, DiffLine & { value: number }> {
  const found = new Map<string, DiffLine & { value: number }>();
  for (const line of lines) {
    for (const [, key = '', value = ''] of line.text.matchAll(THRESHOLD)) {
      const name = key.toLowerCase().replace('-', '_');
      if (!found.has(name)) found.set(name, { ...line, value: Number(value) });
    }
  }
  return found;
}

function coverage(file: FileChange): Violation[] {
  const before = thresholds(file.removed);
  const after = thresholds(file.added);
  const lowered = [...before].filter(([key, old]) => (after.get(key)?.value ?? -1) < old.value);
  if (lowered.length === 0) return [];
  const detail = lowered
    .map(([key, old]) => {
      const now = after.get(key);
      return `${key} ${old.value} (old line ${old.line}) → ${now ? `${now.value} (line ${now.line})` : 'removed'}`;
    })
    .join('; ');
  return [weakened(file.path, 'coverage-lowered', COUNTING_RULES['coverage-lowered'], detail)];
}

const PACKAGE_RUNNER = /\b(?:npm|pnpm|yarn|bun)\s+(?:run(?:-script)?\s+)?([\w:.-]+)/g;
const NOT_SCRIPTS = new Set(['ci', 'install', 'i', 'exec', 'x', 'dlx', 'add', 'run', 'run-script']);
const SCRIPT_FILE = /(?:^|[\s'"=])((?:\.\/)?[\w.-]+(?:\/[\w.-]+)*\.(?:sh|bash|js|mjs|cjs|ts|py|rb|pl))\b/g;

/** The package.json script names and the script files a check's command runs. */
function whatRuns(command: string): { scripts: Set<string>; files: Set<string> } {
  const scripts = new Set(
    [...command.matchAll(PACKAGE_RUNNER)]
      .map((m) => (m[1] === 't' ? 'test' : (m[1] ?? '')))
      .filter((s) => s && !NOT_SCRIPTS.has(s)),
  );
  const files = new Set([...command.matchAll(SCRIPT_FILE)].map((m) => (m[1] ?? '').replace(/^\.\//, '')));
  return { scripts, files };
}

function checkCommands(file: FileChange, policy: WeakeningPolicy): Violation[] {
  const out: Violation[] = [];
  for (const check of policy.checks) {
    const runs = whatRuns(check.command);
    const why = `, which the check \`${check.name}\` runs (\`${check.command}\`)`;
    if (runs.files.has(file.path)) {
      const lines =
        file.removed.length > 0 ? quoteLines(file.removed, 'removed') : quoteLines(file.added, 'added');
      out.push(
        weakened(
          file.path,
          'check-command-edited',
          `${file.status === 'deleted' ? 'deletes' : 'edits'} ${file.path}${why}`,
          lines,
        ),
      );
    }
    if (!file.path.endsWith('package.json') || runs.scripts.size === 0) continue;
    const edited = file.removed.filter(({ text }) =>
      [...runs.scripts].some((s) =>
        new RegExp(`(?:^|[{,\\s])"${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"\\s*:`).test(text),
      ),
    );
    if (edited.length > 0)
      out.push(
        weakened(
          file.path,
          'check-command-edited',
          `${COUNTING_RULES['check-command-edited']}: a package.json script${why}`,
          quoteLines(edited, 'removed'),
        ),
      );
  }
  return out;
}

/** Coverage thresholds lowered and the commands of configured checks edited. */
export function loosenedCheckViolations(files: readonly FileChange[], policy: WeakeningPolicy): Violation[] {
  return files.flatMap((file) => [
    ...(policy.countingRules.has('coverage-lowered') &&
    matchesAny(COVERAGE_FILES, file.path) &&
    !allowed(policy, 'coverage-lowered', file.path)
      ? coverage(file)
      : []),
    ...(policy.countingRules.has('check-command-edited') &&
    !allowed(policy, 'check-command-edited', file.path)
      ? checkCommands(file, policy)
      : []),
  ]);
}
