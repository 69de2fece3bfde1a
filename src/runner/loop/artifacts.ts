import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LoopStateSchema, type LoopState } from '../../core/loop/loop-state.js';
import { repoRoot } from '../git/repo.js';
import { maskOutput } from '../secrets/known-secrets.js';

export const ARTIFACT_DIR = '.closed-loop';

/** Paths of everything a run keeps in `.closed-loop/` (which ignores itself: see ensureIgnored). */
export function artifactPaths(cwd: string, taskId: string) {
  const dir = join(cwd, ARTIFACT_DIR);
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
 * Masked (maskOutput): every state, result and report file of the loop goes through here.
 */
export async function writeAtomic(file: string, text: string): Promise<void> {
  await mkdir(join(file, '..'), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, maskOutput(text));
  await rename(tmp, file);
}

export interface StoredState {
  loop: LoopState;
  /** Facts of the run a later `status` or `resume` needs. */
  run: { cwd: string; start_sha: string | null; fix_commits: string[]; updated_at: string };
}

export async function saveState(cwd: string, stored: StoredState): Promise<void> {
  await writeAtomic(artifactPaths(cwd, stored.loop.task.id).state, `${JSON.stringify(stored, null, 2)}\n`);
}

export class NoStateError extends Error {}

/** The last run's state; a missing or unreadable file is a user-facing error, not a crash. */
export async function loadState(dir: string): Promise<StoredState> {
  // Runs work at the repository's root; so does their state, wherever `status` is asked from.
  const cwd = await repoRoot(dir).catch(() => dir);
  const file = join(cwd, ARTIFACT_DIR, 'state.json');
  const text = await readFile(file, 'utf8').catch(() => {
    throw new NoStateError(`no loop state in ${ARTIFACT_DIR}/: run closed-loop run first`);
  });
  try {
    const data = JSON.parse(text) as StoredState;
    return { ...data, loop: LoopStateSchema.parse(data.loop) };
  } catch (err) {
    throw new NoStateError(`${ARTIFACT_DIR}/state.json is not a loop state this version understands (${(err as Error).message.split('\n')[0]}); delete it to start over`);
  }
}

/** The text of earlier dead letters, for the similar-failure search. */
export async function readEarlierDeadLetters(cwd: string, exceptTask: string): Promise<string[]> {
  const dir = join(cwd, ARTIFACT_DIR);
  const names = await readdir(dir).catch(() => [] as string[]);
  const wanted = names.filter((n) => /^dead-letter-.+\.md$/.test(n) && n !== `dead-letter-${exceptTask}.md`);
  return Promise.all(wanted.map((n) => readFile(join(dir, n), 'utf8')));
}

/** Renames a task's reports (attempts, dead letter, escalation) so a resumed run does not overwrite them. */
export async function archiveReports(cwd: string, taskId: string, stamp: string): Promise<string[]> {
  const dir = join(cwd, ARTIFACT_DIR);
  const names = await readdir(dir).catch(() => [] as string[]);
  const reports = names.filter((n) => n.endsWith(`-${taskId}.md`) && /^(attempts|dead-letter|escalation)-/.test(n));
  const kept: string[] = [];
  for (const name of reports) {
    const archived = name.replace(/\.md$/, `.before-resume-${stamp}.md`);
    await rename(join(dir, name), join(dir, archived));
    kept.push(`${ARTIFACT_DIR}/${archived}`);
  }
  return kept;
}
