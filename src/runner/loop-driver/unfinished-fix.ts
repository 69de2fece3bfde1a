import { readFile, realpath, readlink, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { isGroupAlive, killProcessGroup } from '../exec/kill-process-group.js';
import { rollback } from '../git/rollback.js';
import { runGit } from '../git/run-git.js';
import type { Snapshot } from '../git/snapshot.js';
import { worktreeTree } from '../git/tree-of.js';
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
 * After a run was killed (`kill -9`, a crashed runner, a second Ctrl-C): ends the process groups it left
 * running (only those still working inside this repository), and puts the tree back exactly as it was
 * before the fix it was in the middle of — the user's uncommitted edits included, the fixer's leftovers
 * gone. The tree as found is kept first under a ref (FOUND_REF): the fixer's half and any edit a person
 * made after the kill cannot be told apart, and nothing a person wrote may be lost.
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
    const kept = await keepFoundTree(root, fix);
    const undone = await rollback(cwd, fix.snapshot);
    const names = undone.map((c) => c.path);
    done.push(
      `undid the unfinished fix of a run that was killed (pid ${fix.pid}): ${undone.length} file(s) put back as they were before it` +
        (names.length > 0
          ? ` (${names.slice(0, 5).join(', ')}${names.length > 5 ? `, +${names.length - 5} more` : ''})`
          : ''),
    );
    if (kept !== null && undone.length > 0)
      done.push(
        `the tree as this run found it (the half-done fix, and any edit made after the kill) is kept under ${kept}; ` +
          `to bring a file back: git restore --source=${kept} --worktree -- <file>`,
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

/** Where the tree a recovery found is kept: one ref per killed run. */
const FOUND_REF = 'refs/closed-loop/found-after-kill';

/** Keeps the tree as found (every file on disk, untracked ones included) when it differs from before it. */
async function keepFoundTree(root: string, fix: UnfinishedFix): Promise<string | null> {
  const found = await worktreeTree(root);
  if (found === fix.snapshot.tree) return null;
  const ref = `${FOUND_REF}/${fix.pid}-${Date.now()}`;
  await runGit(root, ['update-ref', ref, found]);
  return ref;
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
