import { readFile, realpath, readlink, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { isGroupAlive, killProcessGroup } from '../exec/kill-process-group.js';
import { rollback } from '../git/rollback.js';
import type { Snapshot } from '../git/snapshot.js';
import { writeJsonAtomic } from './artifacts.js';

/**
 * Written before a fix starts, removed once it was kept or rolled back: its presence means a run died
 * mid-fix.
 */
const FIX_FILE = 'unfinished-fix.json';
/** The process groups (checks, fixers) a run has running; see setGroupJournal. */
export const GROUPS_FILE = 'process-groups.json';

/** The journal lives in the run's state folder (see resolveStateDir). */
const fileOf = (stateDir: string, name: string): string => join(stateDir, name);

interface UnfinishedFix {
  pid: number;
  snapshot: Snapshot;
}

export async function recordUnfinishedFix(stateDir: string, snapshot: Snapshot): Promise<void> {
  await writeJsonAtomic(fileOf(stateDir, FIX_FILE), { pid: process.pid, snapshot } satisfies UnfinishedFix);
}

export async function clearUnfinishedFix(stateDir: string): Promise<void> {
  await rm(fileOf(stateDir, FIX_FILE), { force: true });
}

/** Thrown when an unfinished fix cannot be undone on its own; the message holds the commands to do it. */
export class UnfinishedFixError extends Error {}

/**
 * After a run was killed (`kill -9`, a crashed runner): ends the process groups it left running (only
 * those still working inside this repository), and puts the tree back exactly as it was before the fix
 * it was in the middle of — the user's uncommitted edits included, the fixer's leftovers gone.
 * Returns what it did, one line each; call it only while no other run holds the lock.
 */
export async function recoverUnfinishedFix(cwd: string, stateDir: string): Promise<string[]> {
  const done: string[] = [];
  const groups = (await readJson<number[]>(fileOf(stateDir, GROUPS_FILE))) ?? [];
  const root = await realpath(cwd).catch(() => cwd);
  for (const pgid of groups.filter((g) => Number.isInteger(g) && g > 1)) {
    if (!isGroupAlive(pgid) || !(await worksIn(pgid, root))) continue;
    await killProcessGroup(pgid);
    done.push(`ended process group ${pgid}, left running by a run that was killed`);
  }
  await rm(fileOf(stateDir, GROUPS_FILE), { force: true });
  const fix = await readJson<UnfinishedFix>(fileOf(stateDir, FIX_FILE));
  if (fix === null) return done;
  try {
    const undone = await rollback(cwd, fix.snapshot);
    done.push(
      `undid the unfinished fix of a run that was killed (pid ${fix.pid}): ${undone.length} file(s) put back as they were before it`,
    );
  } catch (error) {
    const { tree, index, head } = fix.snapshot;
    throw new UnfinishedFixError(
      `a run (pid ${fix.pid}) was killed in the middle of a fix, and undoing it failed (${(error as Error).message}); ` +
        `to put the tree back yourself: ${head ? `git reset --soft ${head} && ` : ''}git read-tree ${index} && git restore --source=${tree} --worktree -- . , ` +
        `then delete ${fileOf(stateDir, FIX_FILE)}`,
    );
  }
  await clearUnfinishedFix(stateDir);
  return done;
}

async function readJson<T>(file: string): Promise<T | null> {
  const text = await readFile(file, 'utf8').catch(() => null);
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/** Whether the group's leader works inside `root` (a recycled group id belongs to someone else). */
async function worksIn(pgid: number, root: string): Promise<boolean> {
  if (process.platform !== 'linux') return false;
  const dir = await readlink(`/proc/${pgid}/cwd`).catch(() => null);
  return dir !== null && (dir === root || dir.startsWith(`${root}/`));
}
