import { readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * One run per working tree (the state folder is per work tree): two loops committing and rolling back in the
 * same tree would undo each
 * other. A lock left by a run that died (its pid is gone) is taken over. Returns the release function.
 */
export async function acquireRunLock(
  stateDir: string,
  onBusy: (pid: number) => Error,
): Promise<() => Promise<void>> {
  const file = join(stateDir, 'run.lock');
  const holder = Number(await readFile(file, 'utf8').catch(() => ''));
  if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && alive(holder)) throw onBusy(holder);
  await mkdir(stateDir, { recursive: true });
  await writeFile(file, String(process.pid));
  return () => rm(file, { force: true });
}
