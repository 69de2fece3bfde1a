import { readFileSync } from 'node:fs';

/**
 * Whether a process still runs. A killed grandchild is re-parented to init, which in a container may
 * reap it late: until then it is a zombie, which has ended and counts as gone.
 */
export function isRunning(pid: number): boolean {
  if (process.platform === 'linux') {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return !/^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2));
    } catch {
      return false;
    }
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The pid a test command printed as `grandchild <pid>`. */
export function grandchildPid(output: string): number {
  const match = /grandchild (\d+)/.exec(output);
  if (!match) throw new Error(`no grandchild pid in: ${output}`);
  return Number(match[1]);
}

/** Starts a grandchild that outlives nothing, says its pid, then keeps the shell busy. */
export const TREE_COMMAND = 'sleep 30 & echo "grandchild $!"; sleep 30';
