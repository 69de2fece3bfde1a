import { readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';

const LOCK_FILE = 'run.lock';

/** Who holds a state folder's run lock, and whether that process is still the one that took it. */
export interface RunHolder {
  pid: number;
  /** When the run took the lock (ISO); null for a lock written by an older version. */
  since: string | null;
  alive: boolean;
}

/**
 * The start time of process `pid` as the kernel counts it (field 22 of /proc/PID/stat, clock ticks since
 * boot): with the pid, it names one process, so a pid the system gave to another process since is not
 * taken for the run. Null where there is no /proc (macOS) or no such process.
 */
async function processStart(pid: number): Promise<string | null> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  // The command name (field 2) is in parentheses and may hold spaces: count fields after its `)`.
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
}

const signalable = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The run lock of `stateDir`, read back: null when no run holds it. */
export async function readRunHolder(stateDir: string): Promise<RunHolder | null> {
  const text = await readFile(join(stateDir, LOCK_FILE), 'utf8').catch(() => null);
  if (text === null) return null;
  let lock: { pid?: unknown; start?: unknown; since?: unknown };
  try {
    const parsed: unknown = JSON.parse(text);
    lock = typeof parsed === 'number' ? { pid: parsed } : ((parsed ?? {}) as typeof lock);
  } catch {
    return null;
  }
  const pid = lock.pid;
  if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0) return null;
  const since = typeof lock.since === 'string' ? lock.since : null;
  if (!signalable(pid)) return { pid, since, alive: false };
  const start = typeof lock.start === 'string' ? lock.start : null;
  const now = start === null ? null : await processStart(pid);
  return { pid, since, alive: now === null || now === start };
}

/**
 * One run per working tree (the state folder is per work tree): two loops committing and rolling back in
 * the same tree would undo each other. The lock names the run's pid, its start time in the kernel and
 * when it began; a lock left by a run that died (its process is gone, or its pid now names another
 * process) is taken over. Returns the release function.
 */
export async function acquireRunLock(
  stateDir: string,
  onBusy: (pid: number) => Error,
): Promise<() => Promise<void>> {
  const holder = await readRunHolder(stateDir);
  if (holder !== null && holder.alive && holder.pid !== process.pid) throw onBusy(holder.pid);
  await mkdir(stateDir, { recursive: true });
  const lock = { pid: process.pid, start: await processStart(process.pid), since: new Date().toISOString() };
  await writeFile(join(stateDir, LOCK_FILE), `${JSON.stringify(lock)}\n`);
  return () => rm(join(stateDir, LOCK_FILE), { force: true });
}
