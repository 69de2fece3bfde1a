import { existsSync } from 'node:fs';
import { delimiter, isAbsolute, join, relative } from 'node:path';
import { runCaptured } from '../fixers/run-captured.js';
import { readProjectFile } from '../checks/read-project-file.js';

export interface PythonEnv {
  /** The virtualenv's folder (absolute). */
  dir: string;
  /** How it was found, for the run's first lines: `.venv`, `VIRTUAL_ENV`, `poetry env info`. */
  how: string;
}

/** Folders a project keeps its virtualenv in (uv and pdm create `.venv`, as `python -m venv .venv` does). */
const IN_PROJECT = ['.venv', 'venv', 'env', '.env'];

const isVenv = (dir: string): boolean =>
  existsSync(join(dir, 'pyvenv.cfg')) && existsSync(join(dir, 'bin', 'python'));

/**
 * The project's virtualenv: the active one (VIRTUAL_ENV), else one in the project (`.venv`, `venv`,
 * `env`: a folder with pyvenv.cfg), else poetry's own when the project uses poetry and poetry is
 * installed. Null when there is none: checks then run with whatever Python is on PATH.
 */
export async function findPythonEnv(cwd: string): Promise<PythonEnv | null> {
  const active = process.env.VIRTUAL_ENV;
  if (active && isAbsolute(active) && isVenv(active)) return { dir: active, how: 'VIRTUAL_ENV' };
  for (const name of IN_PROJECT) {
    const dir = join(cwd, name);
    if (isVenv(dir)) return { dir, how: name };
  }
  const pyproject = (await readProjectFile(cwd, 'pyproject.toml')) ?? '';
  if (/^\s*\[tool\.poetry[\].]/m.test(pyproject)) {
    const run = await runCaptured('poetry env info --path', { cwd, timeoutMs: 30_000 });
    const dir = run.result.exitCode === 0 ? run.output.trim().split('\n').at(-1)?.trim() : undefined;
    if (dir && isAbsolute(dir) && isVenv(dir)) return { dir, how: 'poetry env info' };
  }
  return null;
}

/** What activating the virtualenv sets: its bin first on PATH, and VIRTUAL_ENV. */
export function activatedEnv(env: PythonEnv): Record<string, string> {
  return { PATH: `${join(env.dir, 'bin')}${delimiter}${process.env.PATH ?? ''}`, VIRTUAL_ENV: env.dir };
}

/** `.venv` for a virtualenv in the project, else its absolute path. */
export function shownEnv(cwd: string, env: PythonEnv): string {
  const rel = relative(cwd, env.dir);
  return rel.startsWith('..') || isAbsolute(rel) ? env.dir : rel;
}

/** Tools that import the project's code: run by the virtualenv's Python, or they do not see its packages. */
const IMPORTING_TOOLS = /^(pytest|mypy)(\s|$)/;

/**
 * A detected check running pytest or mypy by its script name, when the virtualenv has no such
 * script (a `--system-site-packages` virtualenv borrows the machine's): `python -m pytest`, so the
 * virtualenv's Python, which sees the packages installed there, runs it.
 */
export function inVirtualenv(command: string, env: PythonEnv): string {
  const cd = /^(cd \S+ && )?(.*)$/s.exec(command);
  const rest = cd?.[2] ?? command;
  const tool = IMPORTING_TOOLS.exec(rest)?.[1];
  if (tool === undefined || existsSync(join(env.dir, 'bin', tool))) return command;
  return `${cd?.[1] ?? ''}python -m ${rest}`;
}
