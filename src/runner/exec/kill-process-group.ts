import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** How long a process tree gets to clean up after SIGTERM before it is sent SIGKILL. */
export const DEFAULT_KILL_GRACE_MS = 2000;
const POLL_MS = 50;

/** Signals every process in the group; false when there is no such group (or it is not ours to signal). */
function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether any process of the group still runs. `kill(-pgid, 0)` also succeeds while zombies of the group
 * wait to be reaped — and in a container whose init reaps late that can take seconds — so on Linux the
 * members' states are read from /proc and zombies count as gone.
 */
export function isGroupAlive(pgid: number): boolean {
  if (!signalGroup(pgid, 0)) return false;
  if (process.platform !== 'linux') return true;
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return true;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // it ended while we looked
    }
    // `pid (comm) state ppid pgrp …`; comm may hold spaces and parentheses, so split after the last `)`.
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(pgrp) === pgid && state !== 'Z' && state !== 'X') return true;
  }
  return false;
}

/**
 * Ends a whole process group: SIGTERM first so tools can clean up (remove temp files, flush reports),
 * SIGKILL for whatever still runs after the grace period. Resolves once the group is gone or SIGKILL was
 * sent.
 */
export async function killProcessGroup(pgid: number, graceMs = DEFAULT_KILL_GRACE_MS): Promise<void> {
  if (!signalGroup(pgid, 'SIGTERM')) return;
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    await sleep(POLL_MS);
    if (!isGroupAlive(pgid)) return;
  }
  signalGroup(pgid, 'SIGKILL');
}

const liveGroups = new Set<number>();
let exitHookInstalled = false;
let journal: string | null = null;

/**
 * Keeps the running groups' ids in `file` (null: nowhere), so that after a `kill -9` of closed-loop,
 * which no exit hook survives, the next run can end the checks and fixers left running.
 */
export function setGroupJournal(file: string | null): void {
  journal = file;
  writeJournal();
}

function writeJournal(): void {
  if (journal === null) return;
  try {
    writeFileSync(journal, JSON.stringify([...liveGroups]));
  } catch {
    // Best effort: the journal only helps a later run clean up.
  }
}

/**
 * Remembers a running group so that, should closed-loop itself exit while checks run (a crash, an
 * unhandled error), they are killed rather than left running as orphans. Returns the function to forget it.
 */
export function trackGroup(pgid: number): () => void {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const group of liveGroups) signalGroup(group, 'SIGKILL');
    });
  }
  liveGroups.add(pgid);
  writeJournal();
  return () => {
    const had = liveGroups.delete(pgid);
    writeJournal();
    return had;
  };
}
