import type { Check } from '../config/schema.js';
import type { Diagnosis } from '../diagnosis.js';
import { runScript, type ProjectFacts } from './project-facts.js';
import { isNodeTool, recogniseTool, type FixerTool } from './recognise-tool.js';
import { namedFixer, scriptOf } from './named-fixer.js';
import { inWorkspaces, safeFiles, workspaceScript, type WorkspaceFacts } from './workspace-fixer.js';
import { findWorkspace } from './find-workspace.js';

export interface FixerInput {
  check: Check | null;
  diagnosis: Diagnosis;
  project: ProjectFacts;
  /**
   * Whether a path read from the check's output names a regular file inside the repository (not a
   * symlink out of it). Paths come from a log, which anyone who can push can make print anything.
   */
  isRepoFile: (path: string) => boolean;
  /**
   * The repository path of a file as the tool printed it: in a monorepo a workspace's script prints
   * paths relative to that workspace (`index.js` for `packages/core/index.js`). Default: as printed.
   */
  resolveFile?: (path: string) => string;
  /** The check's whole output (its end): a tool often names its fixer there (`run npm run generate`). */
  output?: string;
  /** A monorepo's workspaces: a Node tool's fixer runs in the workspace that holds the files. */
  workspaces?: readonly WorkspaceFacts[];
  /** Workspace folders whose task printed the failure: where the fixer runs when no file is located. */
  failedWorkspaces?: readonly string[];
}
export interface Fixer {
  command: string;
  why: string;
}

const FORMAT_SCRIPTS = ['format', 'format:write', 'format:fix', 'fix'];
const LINT_SCRIPTS = ['lint:fix', 'fix'];
/** A script that only checks (`prettier --check`) fixes nothing. */
const CHECK_ONLY = /--check\b|--list-different\b|--dry-run\b|(^|\s)-l(\s|$)/;

const isFormatError = (d: Diagnosis): boolean => d.category === 'format' || d.pattern === 'format-error';

/** Files prettier lists as `[warn] src/a.js` before its "Code style issues" line. */
function prettierFiles(evidence: string): string[] {
  return [...evidence.matchAll(/^\[warn\] (.+?)\s*$/gm)]
    .map((m) => m[1] ?? '')
    .filter((f) => f !== '' && !/^(Code style issues|Forgot to run Prettier)/i.test(f));
}

function toolFixer(tool: FixerTool, d: Diagnosis, evidence: string, input: FixerInput): Fixer {
  const located = d.locations.map((l) => l.file);
  const resolve = input.resolveFile ?? ((p: string) => p);
  const run = (base: string, files: string[]): string =>
    inWorkspaces(
      base,
      safeFiles(files.map(resolve), input.isRepoFile),
      input.workspaces ?? [],
      input.failedWorkspaces,
    );
  switch (tool) {
    case 'eslint':
      return {
        command: run('npx eslint --fix', located),
        why: 'eslint reported the errors; eslint --fix fixes the fixable rules',
      };
    case 'prettier':
      return {
        command: run('npx prettier --write', [...prettierFiles(evidence), ...located]),
        why: 'prettier found unformatted files',
      };
    case 'biome':
      return {
        command: run('npx biome check --write', located),
        why: 'biome reported the errors; check --write applies its safe fixes and formatting',
      };
    case 'ruff':
      return isFormatError(d)
        ? { command: 'ruff format .', why: 'ruff found unformatted files' }
        : { command: 'ruff check --fix .', why: 'ruff reported the errors; --fix applies its fixable rules' };
    case 'black':
      return { command: 'black .', why: 'black would reformat files' };
    case 'isort':
      return { command: 'isort .', why: 'isort found imports out of order' };
    case 'cargo-fmt':
      return { command: 'cargo fmt', why: 'cargo fmt --check found unformatted Rust' };
    case 'clippy':
      return {
        command: 'cargo clippy --fix --allow-dirty --allow-staged',
        why: 'clippy reported the lints; --fix applies its suggestions',
      };
    case 'gofmt':
      return { command: 'gofmt -w .', why: 'gofmt found unformatted Go' };
    case 'go-mod':
      return { command: 'go mod tidy', why: 'go.mod/go.sum are out of date' };
  }
}

/**
 * The fixer the failing check's own output names (see namedFixer); never for a failing test, whose
 * output's advice (`run npm test -- -u`) would hide the failure rather than fix it.
 */
export function fixerNamedInOutput(
  check: Check | null,
  diagnosis: Diagnosis,
  project: ProjectFacts,
  output = '',
): Fixer | null {
  if (check?.type === 'test' || diagnosis.category === 'test') return null;
  return namedFixer(
    `${diagnosis.evidence?.text ?? ''}\n${output}`,
    project,
    scriptOf(check?.command ?? null),
  );
}

/**
 * The command that fixes this failure, or null when none is known: the check's own `fix_command`, else
 * the fixer its output names, else a package.json fix script (not for a failure of a non-Node tool),
 * else the failing tool's fixer.
 */
export function chooseFixer(input: FixerInput): Fixer | null {
  const { check, diagnosis, project, output } = input;
  if (check?.fix_command)
    return { command: check.fix_command, why: `the fix_command of check "${check.name}"` };
  const named = fixerNamedInOutput(check, diagnosis, project, output);
  if (named !== null) return named;
  const evidence = diagnosis.evidence?.text ?? '';
  const format = isFormatError(diagnosis);
  const tool = recogniseTool(check?.command ?? null, evidence, format);
  if (tool === null || isNodeTool(tool)) {
    const names = format ? FORMAT_SCRIPTS : LINT_SCRIPTS;
    const script = fixScript(project.scripts, names);
    if (script !== undefined) {
      return {
        command: runScript(project.packageManager, script),
        why: `package.json has a "${script}" script`,
      };
    }
    // In a monorepo, the fix script of the one workspace that holds every located file.
    const resolve = input.resolveFile ?? ((p: string) => p);
    const homes = diagnosis.locations.map((l) => findWorkspace(input.workspaces ?? [], [resolve(l.file)]));
    const home = homes[0];
    const own = home && homes.every((h) => h === home) ? fixScript(home.scripts, names) : undefined;
    if (home && own !== undefined) {
      return {
        command: workspaceScript(project.packageManager, home, own),
        why: `${home.dir}/package.json has a "${own}" script`,
      };
    }
  }
  return tool === null ? null : toolFixer(tool, diagnosis, evidence, input);
}

function fixScript(scripts: Readonly<Record<string, string>>, names: readonly string[]): string | undefined {
  return names.find((n) => scripts[n] !== undefined && !CHECK_ONLY.test(scripts[n] ?? ''));
}
