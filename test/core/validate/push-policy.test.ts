import { describe, expect, it } from 'vitest';
import {
  decidePush,
  DEFAULT_MAX_LOOP_COMMITS,
  type PushFacts,
} from '../../../src/core/validate/push-policy.js';

const EVALUATED = 'e'.repeat(40);
const OTHER = 'f'.repeat(40);
const A = 'a'.repeat(40);
const B = 'b'.repeat(40);

/** A push that every rule allows; each case changes one fact. */
function facts(overrides: Partial<PushFacts> = {}): PushFacts {
  return {
    mode: 'auto',
    isFork: false,
    evaluatedSha: EVALUATED,
    remoteSha: EVALUATED,
    fixCommits: [{ sha: A, files: ['src/a.ts'] }],
    commitsToPush: [A],
    ownCommitsBefore: 0,
    maxLoopCommits: DEFAULT_MAX_LOOP_COMMITS,
    ...overrides,
  };
}

const two = {
  fixCommits: [
    { sha: A, files: ['a.ts'] },
    { sha: B, files: ['b.ts'] },
  ],
  commitsToPush: [A, B],
};

describe('decidePush', () => {
  it.each<[string, Partial<PushFacts>, RegExp]>([
    ['mode never', { mode: 'never' }, /push mode is "never"/],
    ['mode never wins over everything', { mode: 'never', isFork: true, fixCommits: [] }, /"never"/],
    ['no fix commits', { fixCommits: [], commitsToPush: [] }, /no fix commits/],
    ['a fork', { isFork: true }, /fork.*attached as a patch instead/],
    ['a fork wins over a moved remote', { isFork: true, remoteSha: OTHER }, /fork/],
    ['the remote branch is gone', { remoteSha: null }, /no longer exists on the remote/],
    [
      'the remote moved',
      { remoteSha: OTHER },
      /moved from eeeeeee to fffffff since it was evaluated; someone pushed, and the next run evaluates the new head/,
    ],
    [
      'the remote moved wins over .github',
      { remoteSha: OTHER, fixCommits: [{ sha: A, files: ['.github/workflows/ci.yml'] }] },
      /moved/,
    ],
    [
      'HEAD does not descend from the evaluated head',
      { commitsToPush: null },
      /not the evaluated head eeeeeee plus exactly/,
    ],
    [
      'HEAD has a commit that is not a fix',
      { commitsToPush: [A, OTHER] },
      /plus exactly the loop's fix commits/,
    ],
    ['HEAD is missing a fix commit', { ...two, commitsToPush: [A] }, /plus exactly/],
    ['fix commits out of order', { ...two, commitsToPush: [B, A] }, /plus exactly/],
    [
      'a fix under .github/workflows',
      { fixCommits: [{ sha: A, files: ['src/a.ts', '.github/workflows/ci.yml'] }] },
      /aaaaaaa changes \.github\/workflows\/ci\.yml.*never pushes a change under \.github\//,
    ],
    [
      'a fix under .github in another case',
      { fixCommits: [{ sha: A, files: ['.GitHub/CODEOWNERS'] }] },
      /under \.github\//,
    ],
    [
      'the second fix touches .github',
      { ...two, fixCommits: [two.fixCommits[0]!, { sha: B, files: ['.github/dependabot.yml'] }] },
      /bbbbbbb changes \.github\/dependabot\.yml/,
    ],
    [
      'loop guard: the branch already ends in the cap',
      { ownCommitsBefore: 3 },
      /already ends in 3 commits of the loop's own \(at most 3 in a row\); a person or CI must push first/,
    ],
    [
      'loop guard: strict cap 1 and one own commit',
      { ownCommitsBefore: 1, maxLoopCommits: 1 },
      /already ends in 1 commit of the loop's own \(at most 1 in a row\)/,
    ],
    [
      'loop guard: this run would pass the cap',
      { ...two, ownCommitsBefore: 2 },
      /2 fix commits on top of the loop's 2 would make more than 3 loop commits in a row/,
    ],
    [
      'loop guard: more fixes than the cap in one run',
      { ...two, maxLoopCommits: 1 },
      /2 fix commits on top of the loop's 0 would make more than 1/,
    ],
    ['loop guard: a cap of 0 never pushes', { maxLoopCommits: 0 }, /at most 0 in a row/],
    [
      'per PR: the cap already reached',
      { fixCommitsBefore: 10, maxFixCommits: 10 },
      /already made 10 fix commits on this pull request, and 1 more would pass loop_guard\.max_fix_commits \(10\)/,
    ],
    [
      'per PR: this run would pass the cap',
      { ...two, fixCommitsBefore: 9, maxFixCommits: 10 },
      /already made 9 fix commits.*and 2 more would pass/,
    ],
  ])('refuses: %s', (_name, overrides, reason) => {
    const decision = decidePush(facts(overrides));
    expect(decision.push).toBe(false);
    if (!decision.push) {
      expect(decision.reason).toMatch(reason);
      expect(decision.reason).not.toMatch(/\n/);
    }
  });

  it.each<[string, Partial<PushFacts>]>([
    ['one fix on a clean branch', {}],
    ['two fixes in one run', two],
    ['on top of one loop commit, within the cap', { ownCommitsBefore: 1 }],
    ['exactly reaching the cap', { ...two, ownCommitsBefore: 1 }],
    ['per PR: exactly reaching the cap', { ...two, fixCommitsBefore: 8, maxFixCommits: 10 }],
    ['per PR: no cap given (a caller without a PR)', { fixCommitsBefore: 500 }],
    [
      '.github only as part of a longer name',
      { fixCommits: [{ sha: A, files: ['docs/.github/x', '.githubrc'] }] },
    ],
  ])('pushes: %s', (_name, overrides) => {
    expect(decidePush(facts(overrides))).toEqual({ push: true });
  });
});
