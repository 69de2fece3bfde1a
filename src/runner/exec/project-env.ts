/**
 * Environment variables every command of a run gets (checks, fixers, the regression check's tests):
 * the project's virtualenv on PATH, as if the user had activated it. Set once by `closed-loop run`
 * and cleared when it ends; an agent's allow-listed environment is left alone.
 */
let projectEnv: Readonly<Record<string, string>> = {};

export function setProjectEnv(env: Record<string, string> | null): void {
  projectEnv = env ?? {};
}

export function getProjectEnv(): Readonly<Record<string, string>> {
  return projectEnv;
}
