export type PackageManager = 'npm' | 'pnpm' | 'yarn' | 'bun';

/** What the strategies need to know about the project (detected by the runner from its manifests). */
export interface ProjectFacts {
  /** From the lockfile; null when the project has no package.json. */
  packageManager: PackageManager | null;
  /** package.json scripts ({} without one). */
  scripts: Record<string, string>;
  /** Ecosystem names (see ECOSYSTEMS); others are ignored. */
  ecosystems: readonly string[];
  /** The project's Python virtualenv (absolute), which checks and fixers run in; null without one. */
  pythonEnv?: string | null;
}

/** `npm run x`, `pnpm run x`, … */
export function runScript(pm: PackageManager | null, script: string): string {
  return `${pm ?? 'npm'} run ${script}`;
}
