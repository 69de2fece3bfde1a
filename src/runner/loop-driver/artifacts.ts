import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LoopStateSchema, type LoopState } from '../../core/loop/loop-state.js';
import type { ExecutionSummary } from '../../core/loop/aggregate-metrics.js';
import type { RunTotals } from '../../core/loop/run-totals.js';
import { openRepo } from './open-repo.js';
import { maskOutput, maskOutputDeep } from '../secrets/known-secrets.js';
import { ConfigLoadError, loadConfig } from '../load-config.js';
import {
  displayPath,
  resolveStateDir,
  sharedStateDir,
  StateDirError,
  type StateDirOrigin,
} from '../state-dir.js';

/** Paths of everything a run keeps in its state folder `dir` (see resolveStateDir). */
export function artifactPaths(dir: string, taskId: string) {
  return {
    dir,
    state: join(dir, 'state.json'),
    metrics: join(dir, 'metrics.json'),
    result: join(dir, 'result.json'),
    attempts: join(dir, `attempts-${taskId}.md`),
    deadLetter: join(dir, `dead-letter-${taskId}.md`),
    escalation: join(dir, `escalation-${taskId}.md`),
    logs: join(dir, 'logs', taskId),
  };
}

/**
 * Written to a temporary name and renamed, so an interrupted run never leaves half a file behind.
 * Masked (maskOutput): every report file of the loop goes through here; JSON goes through writeJsonAtomic.
 */
export async function writeAtomic(file: string, text: string): Promise<void> {
  await writeRaw(file, maskOutput(text));
}

/**
 * `value` as indented JSON, written as writeAtomic writes. Masked by value (every string in it) before it
 * is serialised: masking the serialised text could eat an escaped quote and leave a file no one can parse.
 */
export async function writeJsonAtomic(file: string, value: unknown): Promise<void> {
  await writeRaw(file, `${JSON.stringify(maskOutputDeep(value), null, 2)}\n`);
}

async function writeRaw(file: string, text: string): Promise<void> {
  await mkdir(join(file, '..'), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, text);
  await rename(tmp, file);
}

export interface StoredState {
  loop: LoopState;
  /** Facts of the run a later `status` or `resume` needs. */
  run: {
    cwd: string;
    start_sha: string | null;
    fix_commits: string[];
    updated_at: string;
    state_dir?: string;
    interrupted_at?: string;
    /** The whole run so far (every part's fix commits, attempts, time); absent in an older build's state. */
    totals?: RunTotals;
    /**
     * For a run `closed-loop resume` continued: when its first part began, and what its earlier parts did
     * (fix_commits and start_sha above are already the whole run's).
     */
    resumed?: { started_at: string; earlier: ExecutionSummary };
  };
}

export async function saveState(dir: string, stored: StoredState): Promise<void> {
  await writeJsonAtomic(artifactPaths(dir, stored.loop.task.id).state, stored);
}

export class NoStateError extends Error {}

/**
 * The last run's state, from the state folder of the repository `dir` is in (`named`: the user's
 * --state-dir or state_dir); a missing or unreadable file is a user-facing error, not a crash.
 */
export async function loadState(
  dir: string,
  named?: string | null,
): Promise<StoredState & { stateDir: string }> {
  // Runs work at the repository's root; so does their state, wherever `status` is asked from. Outside
  // a repository no run can have been: refused as `run` refuses it.
  const cwd = await openRepo({ cwd: dir });
  // The config's state_dir, as the run read it; a config that does not load leaves the default.
  const loaded = named ? null : await loadConfig({ cwd }).catch(() => null);
  const origin: StateDirOrigin = named
    ? { kind: 'flag' }
    : { kind: 'config', file: loaded?.source ? displayPath(cwd, loaded.source) : null };
  named ??= loaded?.config.state_dir;
  // A folder the run would have refused is refused here too; else the path as named.
  const stateDir = await resolveStateDir(cwd, named, origin).catch((err: unknown) => {
    if (err instanceof StateDirError || err instanceof ConfigLoadError) throw err;
    return join(cwd, named ?? '.git/closed-loop');
  });
  const shown = displayPath(cwd, stateDir);
  const text = await readFile(join(stateDir, 'state.json'), 'utf8').catch(() => {
    throw new NoStateError(
      `no loop state in ${shown}/: run closed-loop run first${named ? '' : ' (or pass the --state-dir it ran with)'}`,
    );
  });
  try {
    const data = JSON.parse(text) as StoredState;
    return { ...data, loop: LoopStateSchema.parse(data.loop), stateDir };
  } catch (err) {
    throw new NoStateError(
      `${shown}/state.json is not a loop state this version understands (${(err as Error).message.split('\n')[0]}); delete it to start over`,
    );
  }
}

/**
 * The text of earlier dead letters (this work tree's and the shared ones), for the similar-failure search.
 */
export async function readEarlierDeadLetters(
  root: string,
  dir: string,
  exceptTask: string,
): Promise<string[]> {
  const dirs = [...new Set([dir, await sharedStateDir(root).catch(() => dir)])];
  const texts: string[] = [];
  for (const d of dirs) {
    const names = await readdir(d).catch(() => [] as string[]);
    const wanted = names.filter(
      (n) => /^dead-letter-.+\.md$/.test(n) && !(d === dir && n === `dead-letter-${exceptTask}.md`),
    );
    texts.push(...(await Promise.all(wanted.map((n) => readFile(join(d, n), 'utf8')))));
  }
  return texts;
}

/** Renames a task's reports (attempts, dead letter, escalation) so a resumed run does not overwrite them. */
export async function archiveReports(dir: string, taskId: string, stamp: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const reports = names.filter(
    (n) => n.endsWith(`-${taskId}.md`) && /^(attempts|dead-letter|escalation)-/.test(n),
  );
  const kept: string[] = [];
  for (const name of reports) {
    const archived = name.replace(/\.md$/, `.before-resume-${stamp}.md`);
    await rename(join(dir, name), join(dir, archived));
    kept.push(join(dir, archived));
  }
  return kept;
}
