/** The trailer every loop fix commit carries (see fix-commit-message.ts); it marks the loop's own commits. */
export const LOOP_TRAILER = 'Closed-Loop-Strategy';

/** At most this many loop fix commits in a row on a branch, unless configured otherwise. */
export const DEFAULT_MAX_LOOP_COMMITS = 3;

export interface PushFacts {
  mode: 'auto' | 'never';
  isFork: boolean;
  /** The head the loop evaluated and committed on top of. */
  evaluatedSha: string;
  /** The branch's sha on the remote now; null when the branch is gone. */
  remoteSha: string | null;
  /** The loop's fix commits of this run, oldest first. */
  fixCommits: readonly { sha: string; files: readonly string[] }[];
  /**
   * The commits a push would send, oldest first (`evaluatedSha..HEAD`); null when HEAD does not descend
   * from evaluatedSha. Anything but exactly the fix commits is refused: the loop pushes only its own work.
   */
  commitsToPush: readonly string[] | null;
  /** How many of the branch's newest commits before this run already carry the loop's trailer. */
  ownCommitsBefore: number;
  /** At most this many loop fix commits in a row on the branch. */
  maxLoopCommits: number;
  /** The loop's fix commits already pushed or committed on this pull request (its memory's bot_pushes). */
  fixCommitsBefore?: number;
  /**
   * At most this many loop fix commits on one pull request over its life (config loop_guard.max_fix_commits).
   */
  maxFixCommits?: number;
}

export type PushDecision = { push: true } | { push: false; reason: string };

const touchesGithub = (path: string): boolean => /^\.github(\/|$)/i.test(path);
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
const short = (sha: string): string => sha.slice(0, 7);

/**
 * Why `adding` more fix commits would pass the per-pull-request cap, or null when they stay within it.
 * Shared by the Action's push and the App's commit, which both count in the PR's loop memory.
 */
export function perPullRequestCap(adding: number, before: number, max: number | undefined): string | null {
  if (max === undefined || before + adding <= max) return null;
  return (
    `the loop has already made ${plural(before, 'fix commit')} on this pull request, and ${adding} more would pass ` +
    `loop_guard.max_fix_commits (${max}); a person takes it from here (or raises the cap in .github/closed-loop.yml)`
  );
}

/**
 * Whether the loop may push its fix commits to the PR branch, and if not, why (one line for the PR).
 * The rules, first match wins: mode never; nothing to push; a fork; the remote branch moved; HEAD is not
 * the evaluated head plus the fix commits; a fix under .github/; the loop guard; the per-PR cap.
 *
 * The loop guard is one rule: the branch may end in at most `maxLoopCommits` loop commits in a row. So a
 * run may add to the loop's own commits only while the total stays within the cap, and once the cap is
 * reached nothing more is pushed until a person (or other CI) pushes a commit, which resets the count.
 * `maxLoopCommits` 1 is the strictest useful setting: never a loop commit on top of a loop commit.
 */
export function decidePush(facts: PushFacts): PushDecision {
  const refuse = (reason: string): PushDecision => ({ push: false, reason });
  if (facts.mode === 'never')
    return refuse('not pushed: push mode is "never"; the fix commits stay on the runner');
  if (facts.fixCommits.length === 0) return refuse('not pushed: there are no fix commits to push');
  if (facts.isFork)
    return refuse(
      'not pushed: the branch is on a fork, and the loop never pushes to a fork; the fix is attached as a patch instead',
    );
  if (facts.remoteSha === null) return refuse('not pushed: the branch no longer exists on the remote');
  if (facts.remoteSha !== facts.evaluatedSha) {
    return refuse(
      `not pushed: the branch moved from ${short(facts.evaluatedSha)} to ${short(facts.remoteSha)} since it was evaluated; someone pushed, and the next run evaluates the new head`,
    );
  }
  const fixShas = facts.fixCommits.map((commit) => commit.sha);
  const pushed = facts.commitsToPush;
  if (pushed === null || pushed.length !== fixShas.length || pushed.some((sha, i) => sha !== fixShas[i])) {
    return refuse(
      `not pushed: the local branch is not the evaluated head ${short(facts.evaluatedSha)} plus exactly the loop's fix commits`,
    );
  }
  const github = facts.fixCommits.find((commit) => commit.files.some(touchesGithub));
  if (github) {
    const file = github.files.find(touchesGithub) ?? '.github/';
    return refuse(
      `not pushed: fix commit ${short(github.sha)} changes ${file}, and the loop never pushes a change under .github/`,
    );
  }
  const max = facts.maxLoopCommits;
  if (facts.ownCommitsBefore + fixShas.length > max) {
    if (facts.ownCommitsBefore >= max) {
      return refuse(
        `not pushed: the branch already ends in ${plural(facts.ownCommitsBefore, 'commit')} of the loop's own (at most ${max} in a row); a person or CI must push first`,
      );
    }
    return refuse(
      `not pushed: ${plural(fixShas.length, 'fix commit')} on top of the loop's ${facts.ownCommitsBefore} would make more than ${max} loop commits in a row; a person or CI must push first`,
    );
  }
  const perPr = perPullRequestCap(fixShas.length, facts.fixCommitsBefore ?? 0, facts.maxFixCommits);
  if (perPr !== null) return refuse(`not pushed: ${perPr}`);
  return { push: true };
}
