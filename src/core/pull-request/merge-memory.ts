import type { Attempt } from '../attempt.js';
import type { LoopResult } from '../loop-result.js';
import { truncateText } from '../report/truncate-text.js';
import {
  ATTEMPT_TEXT_LIMITS,
  LoopMemorySchema,
  MEMORY_MAX_ATTEMPTS,
  MEMORY_MAX_FIX_COMMITS,
  MEMORY_MAX_FIXES_PER_COMMIT,
  type LoopMemory,
} from './loop-memory.js';

/**
 * An attempt's identity across runs, without its number (which the memory renumbers) and without
 * free text (which the comment masks): merging the same run twice adds nothing.
 */
function attemptKeys(attempts: readonly Attempt[]): string[] {
  const seen = new Map<string, number>();
  return attempts.map((a) => {
    const key = [a.timestamp, a.duration_ms, a.pattern_matched ?? '', a.strategy_used ?? ''].join('|');
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    return `${key}#${n}`;
  });
}

/** An attempt cut to the memory's bounds. */
export function compactAttempt(a: Attempt): Attempt {
  const L = ATTEMPT_TEXT_LIMITS;
  return {
    ...a,
    timestamp: a.timestamp.slice(0, 64),
    action: truncateText(a.action, L.action),
    result: truncateText(a.result, L.result),
    error: a.error === null ? null : truncateText(a.error, L.error),
    pattern_matched: a.pattern_matched === null ? null : a.pattern_matched.slice(0, 100),
    files_modified: a.files_modified.slice(0, L.files).map((f) => truncateText(f, L.path)),
    signature: a.signature === null ? null : a.signature.slice(0, 200),
  };
}

/**
 * The PR's memory after one run: this run's new attempts appended and renumbered after the newest one
 * remembered (numbers keep increasing across runs; merging the same run twice changes nothing), the
 * oldest dropped past 50; status and task from the run; `head_sha` the head it evaluated.
 *
 * `pushed` is the commit the loop put on the PR's branch, when it pushed: the run's fix commits when
 * it is one of them (the Action pushed its own commits), else that one commit (the App committed the
 * patch through the API). Each fix commit newly recorded adds one to `bot_pushes`.
 * Throws (a bug in the caller) when `head_sha` or `pushed.sha` is not a full commit SHA.
 */
export function mergeMemory(
  previous: LoopMemory | null,
  result: LoopResult,
  head_sha: string,
  pushed: { sha: string } | null = null,
): LoopMemory {
  const remembered = previous?.attempts ?? [];
  const rememberedKeys = attemptKeys(remembered);
  const known = new Map(remembered.map((a, i) => [rememberedKeys[i] as string, a.attempt]));
  const keys = attemptKeys(result.history.map(compactAttempt));
  let next = Math.max(0, ...(previous?.attempts ?? []).map((a) => a.attempt));
  const renumbered = new Map<number, number>();
  const added: Attempt[] = [];
  for (const [i, a] of result.history.entries()) {
    const key = keys[i] as string;
    const existing = known.get(key);
    if (existing !== undefined) {
      renumbered.set(a.attempt, existing);
      continue;
    }
    next += 1;
    renumbered.set(a.attempt, next);
    added.push(compactAttempt({ ...a, attempt: next }));
  }

  const fixCommits = [...(previous?.fix_commits ?? [])];
  let botPushes = previous?.bot_pushes ?? 0;
  const record = (sha: string, attempt: number, fixes?: LoopMemory['fix_commits'][number]['fixes']) => {
    if (fixCommits.some((c) => c.sha === sha)) return;
    fixCommits.push({ sha, attempt, ...(fixes ? { fixes } : {}) });
    botPushes += 1;
  };
  const attemptOf = (n: number) => renumbered.get(n) ?? Math.max(1, next);
  if (pushed !== null) {
    const ours = result.fix_commits.some((c) => c.sha === pushed.sha);
    const commits = ours
      ? result.fix_commits
      : result.fix_commits.slice(-1).map((c) => ({ ...c, sha: pushed.sha }));
    // The App's one commit of the run's fix.patch carries every fix of the run: each is named.
    const squashed =
      !ours && result.fix_commits.length > 1
        ? result.fix_commits.slice(-MEMORY_MAX_FIXES_PER_COMMIT).map((c) => ({
            attempt: attemptOf(c.attempt),
            strategy: c.strategy,
            pattern: c.pattern,
          }))
        : undefined;
    if (commits.length === 0) record(pushed.sha, next > 0 ? next : 1);
    for (const c of commits) record(c.sha, attemptOf(c.attempt), squashed);
  }

  return LoopMemorySchema.parse({
    version: 1,
    head_sha,
    task_id: result.task_id,
    attempts: [...(previous?.attempts ?? []), ...added].slice(-MEMORY_MAX_ATTEMPTS),
    fix_commits: fixCommits.slice(-MEMORY_MAX_FIX_COMMITS),
    bot_pushes: botPushes,
    status: result.status,
    ...agentUse(previous, result, added.length > 0),
  });
}

/** The agent's use on the PR, this run's added once (a run merged again adds no attempt, nor agent use). */
function agentUse(
  previous: LoopMemory | null,
  result: LoopResult,
  isNew: boolean,
): Pick<LoopMemory, 'agent'> {
  const before = previous?.agent ?? { runs: 0, duration_ms: 0 };
  const now =
    isNew && result.agent
      ? { runs: before.runs + result.agent.runs, duration_ms: before.duration_ms + result.agent.duration_ms }
      : before;
  return now.runs === 0 && previous?.agent === undefined ? {} : { agent: now };
}
