import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export const repoRoot = join(import.meta.dirname, '../..');
export const CLI = join(repoRoot, 'dist/cli.js');

/** Runs the bundled CLI exactly as a user's shell would. */
export function runCli(
  args: string[],
  options: { cwd?: string; input?: string } = {},
): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd: options.cwd ?? repoRoot,
    input: options.input,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', CLOSED_LOOP_DEBUG: '' },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}
