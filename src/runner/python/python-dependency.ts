import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  declareIn,
  planPythonDeclaration,
  requirementOf,
  type PythonProjectFiles,
} from '../../core/strategies/python-declaration.js';
import { isTestOrToolingFile } from '../../core/strategies/plan-node-dependency.js';
import { matchesTestGlobs } from '../../core/strategies/test-file-globs.js';
import { PYPI_NAMES } from '../../core/strategies/install-commands.js';
import { shellQuote } from '../../core/strategies/shell-quote.js';
import { makeOutcome, type StrategyOutcome } from '../../core/strategies/strategy-outcome.js';
import { changedFiles, markTree } from '../fixers/changed-files.js';
import { describeRun, ranToEnd, runCaptured } from '../fixers/run-captured.js';
import { pythonTestGlobs } from '../fixers/read-test-globs.js';
import type { StrategyInput } from '../fixers/strategy-input.js';
import { findPythonEnv } from './find-python-env.js';

const strategy = 'dependency_check';
const PY_TEST = /(^|\/)(tests?|testing)\/|(^|\/)(test_[^/]*|[^/]*_test|conftest)\.py$/;

const read = (file: string): string | null => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
};

/** The files that say where the project declares its Python dependencies, and what CI installs. */
function projectFiles(cwd: string): PythonProjectFiles {
  const top = readdirSync(cwd).filter((f) => /^(?:[\w-]*requirements[\w-]*|requirements)\.(txt|in)$/.test(f));
  const nested = existsSync(join(cwd, 'requirements'))
    ? readdirSync(join(cwd, 'requirements'))
        .filter((f) => /\.(txt|in)$/.test(f))
        .map((f) => `requirements/${f}`)
    : [];
  const workflows = join(cwd, '.github', 'workflows');
  const ci = existsSync(workflows)
    ? readdirSync(workflows)
        .filter((f) => /\.ya?ml$/.test(f))
        .map((f) => read(join(workflows, f)) ?? '')
        .join('\n')
    : '';
  return {
    pyproject: read(join(cwd, 'pyproject.toml')),
    requirements: [...top, ...nested],
    lockfiles: {
      poetry: existsSync(join(cwd, 'poetry.lock')),
      uv: existsSync(join(cwd, 'uv.lock')),
      pdm: existsSync(join(cwd, 'pdm.lock')),
    },
    ci,
  };
}

/** A test's import by pytest's own config (testpaths, python_files), else by the usual names. */
function isDev(cwd: string, importers: readonly string[], checkType: string | null): boolean {
  const globs = pythonTestGlobs(cwd);
  if (importers.length > 0)
    return importers.every((f) => PY_TEST.test(f) || isTestOrToolingFile(f) || matchesTestGlobs(f, globs));
  return checkType === 'test' || checkType === 'lint' || checkType === 'type';
}

/**
 * A missing Python module: installed into the project's virtualenv AND declared where the project
 * declares its dependencies (see planPythonDeclaration), so that CI's fresh environment has it too.
 * Never into the machine's Python: without a virtualenv it says what to declare.
 */
export async function fixPythonDependency(
  input: StrategyInput,
  module: string,
  importers: readonly string[],
  timeoutMs: number,
): Promise<StrategyOutcome> {
  const dist = PYPI_NAMES[module] ?? module;
  const env = input.project.pythonEnv ?? (await findPythonEnv(input.cwd))?.dir ?? null;
  if (env === null) {
    return makeOutcome({
      strategy,
      applied: false,
      action: `python module ${module} is missing and the project has no virtualenv (.venv) to install it into: add it to pyproject.toml or requirements.txt and install it in CI`,
    });
  }
  const dev = isDev(input.cwd, importers, input.check?.type ?? null);
  const plan = planPythonDeclaration(projectFiles(input.cwd), dist, dev);
  if (plan.kind === 'none') return makeOutcome({ strategy, applied: false, action: plan.why });
  const python = join(env, 'bin', 'python');
  const command = plan.kind === 'tool' ? plan.command : `${python} -m pip install ${shellQuote(dist)}`;
  const before = markTree(input.cwd);
  const run = await runCaptured(command, {
    cwd: input.cwd,
    timeoutMs,
    ...(input.signal ? { signal: input.signal } : {}),
  });
  let action = `${describeRun(command, run, timeoutMs)} (${plan.kind === 'tool' ? plan.why : `python module ${module} is not installed in ${env}`})`;
  let applied = ranToEnd(run) && run.result.exitCode === 0;
  if (applied && plan.kind === 'edit') {
    const version = await installedVersion(python, dist, input.cwd);
    const file = join(input.cwd, plan.file);
    const requirement = requirementOf(dist, version);
    writeFileSync(file, declareIn(read(file) ?? '', plan.target, requirement));
    action += `; ${requirement} ${plan.why}`;
  }
  const files = changedFiles(before, markTree(input.cwd));
  // Installed but declared nowhere the repository holds: CI's fresh environment would still miss it.
  if (applied && files.length === 0) {
    applied = false;
    action += `; but no declaration changed, so CI would still miss ${dist}`;
  }
  return makeOutcome({ strategy, applied, action, files_modified: files, output: run.output });
}

async function installedVersion(python: string, dist: string, cwd: string): Promise<string | null> {
  const run = await runCaptured(
    `${python} -c ${shellQuote(`import importlib.metadata as m; print(m.version(${JSON.stringify(dist)}))`)}`,
    { cwd, timeoutMs: 30_000 },
  );
  const version = run.output.trim().split('\n').at(-1)?.trim() ?? '';
  return run.result.exitCode === 0 && /^[\w.+!-]+$/.test(version) ? version : null;
}
