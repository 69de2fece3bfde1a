import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { Check } from '../../core/config/schema.js';
import type { CheckType } from '../../core/vocabulary.js';
import { detectedCheck, readProjectFile } from './read-project-file.js';

type Ecosystem = 'node' | 'python' | 'rust' | 'go';

/** A check tool a CI step runs: the check's name, its type and its ecosystem. */
interface Tool {
  re: RegExp;
  name: string;
  type: CheckType;
  ecosystem: Ecosystem;
}

/** Check commands recognised in a workflow's `run:` lines; anything else a step runs is left alone. */
const TOOLS: readonly Tool[] = [
  {
    re: /^ruff\s+format\s.*--check\b|^ruff\s+format\s+--check\b/,
    name: 'ruff-format',
    type: 'lint',
    ecosystem: 'python',
  },
  { re: /^ruff(\s+check)?(\s|$)/, name: 'ruff', type: 'lint', ecosystem: 'python' },
  { re: /^black\s.*--check\b/, name: 'black', type: 'lint', ecosystem: 'python' },
  { re: /^isort\s.*(--check-only|--check|-c)\b/, name: 'isort', type: 'lint', ecosystem: 'python' },
  { re: /^flake8(\s|$)/, name: 'flake8', type: 'lint', ecosystem: 'python' },
  { re: /^pylint\s/, name: 'pylint', type: 'lint', ecosystem: 'python' },
  { re: /^mypy(\s|$)/, name: 'mypy', type: 'type', ecosystem: 'python' },
  { re: /^pyright(\s|$)/, name: 'pyright', type: 'type', ecosystem: 'python' },
  { re: /^(python3?\s+-m\s+)?pytest(\s|$)/, name: 'pytest', type: 'test', ecosystem: 'python' },
  { re: /^python3?\s+-m\s+unittest(\s|$)/, name: 'unittest', type: 'test', ecosystem: 'python' },
  { re: /^cargo\s+fmt\s.*--check\b/, name: 'cargo-fmt', type: 'lint', ecosystem: 'rust' },
  { re: /^cargo\s+clippy(\s|$)/, name: 'cargo-clippy', type: 'lint', ecosystem: 'rust' },
  { re: /^cargo\s+test(\s|$)/, name: 'cargo-test', type: 'test', ecosystem: 'rust' },
  { re: /^cargo\s+build(\s|$)/, name: 'cargo-build', type: 'build', ecosystem: 'rust' },
  { re: /^go\s+vet(\s|$)/, name: 'go-vet', type: 'lint', ecosystem: 'go' },
  { re: /^go\s+test(\s|$)/, name: 'go-test', type: 'test', ecosystem: 'go' },
  { re: /^go\s+build(\s|$)/, name: 'go-build', type: 'build', ecosystem: 'go' },
  { re: /^golangci-lint\s+run(\s|$)/, name: 'golangci-lint', type: 'lint', ecosystem: 'go' },
  { re: /^npx\s+(--no-install\s+)?eslint(\s|$)/, name: 'eslint', type: 'lint', ecosystem: 'node' },
  {
    re: /^npx\s+(--no-install\s+)?prettier\s.*(--check|-c)\b/,
    name: 'prettier',
    type: 'lint',
    ecosystem: 'node',
  },
  { re: /^npx\s+(--no-install\s+)?tsc(\s|$)/, name: 'tsc', type: 'type', ecosystem: 'node' },
];

/** Runners that only put the project's environment around a command: the run's own virtualenv does that. */
const ENV_RUNNER = /^(?:poetry|uv|pdm|pipenv|hatch)\s+run\s+/;
/** Lines with shell syntax beyond `cd dir && command` are not taken apart: left to CI. */
const SHELL_SYNTAX = /[|;<>`]|\$\(|\$\{\{|(?<!&)&(?!&)/;
const CD = /^cd\s+([\w./-]+)$/;

export interface CiToolCheck {
  check: Check;
  ecosystem: Ecosystem;
}

/** One `run:` line as a check, when it runs a known check tool (in `dir`, the step's working-directory). */
export function toolCheckOf(line: string, dir: string | null): CiToolCheck | null {
  const text = line.trim();
  if (text === '' || text.startsWith('#') || SHELL_SYNTAX.test(text)) return null;
  const parts = text.split(/\s*&&\s*/);
  const command = (parts.pop() ?? '').replace(ENV_RUNNER, '');
  const cds = parts.map((p) => CD.exec(p)?.[1]);
  if (cds.some((d) => d === undefined)) return null;
  const tool = TOOLS.find((t) => t.re.test(command));
  if (tool === undefined) return null;
  const within = [dir, ...cds].filter((d): d is string => d !== null && d !== undefined && d !== '.');
  const cd = within.length > 0 ? `cd ${within.join('/')} && ` : '';
  return { check: detectedCheck(tool.name, tool.type, `${cd}${command}`), ecosystem: tool.ecosystem };
}

interface Step {
  run?: unknown;
  'working-directory'?: unknown;
}
interface Job {
  steps?: unknown;
  defaults?: { run?: { 'working-directory'?: unknown } };
}

const str = (v: unknown): string | null => (typeof v === 'string' && !v.includes('${{') ? v : null);

/** `run:` lines with `\` continuations joined, and the working directory each runs in. */
function runLines(workflow: unknown): { line: string; dir: string | null }[] {
  const w = workflow as { jobs?: Record<string, Job>; defaults?: Job['defaults'] } | null;
  const out: { line: string; dir: string | null }[] = [];
  for (const job of Object.values(w?.jobs ?? {})) {
    const jobDir =
      str(job?.defaults?.run?.['working-directory']) ?? str(w?.defaults?.run?.['working-directory']);
    for (const step of Array.isArray(job?.steps) ? (job.steps as Step[]) : []) {
      if (typeof step?.run !== 'string') continue;
      const dir = str(step['working-directory']) ?? jobDir;
      for (const line of step.run.replace(/[ \t]*\\\n\s*/g, ' ').split('\n')) out.push({ line, dir });
    }
  }
  return out;
}

/**
 * The check tools the project's GitHub workflows run in `run:` steps (ruff, black, isort, pytest,
 * cargo, go, npx eslint…), in order, one check per tool name: what CI runs must pass here too.
 */
export async function ciToolChecks(cwd: string): Promise<CiToolCheck[]> {
  const dir = join(cwd, '.github', 'workflows');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => /\.ya?ml$/.test(f)).sort();
  const found: CiToolCheck[] = [];
  for (const file of files) {
    let workflow: unknown;
    try {
      workflow = parse((await readProjectFile(dir, file)) ?? '');
    } catch {
      continue; // a workflow that does not parse fails on GitHub too; nothing to learn from it here
    }
    for (const { line, dir: wd } of runLines(workflow)) {
      const hit = toolCheckOf(line, wd);
      if (hit !== null && !found.some((f) => f.check.name === hit.check.name)) found.push(hit);
    }
  }
  return found;
}
