import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { BASE_FILES, FIXED_FILES, fixRepos, type FixRepo } from '../github/fix-patch-kit.js';
import { git, writeFiles } from '../helpers/temp-repo.js';
import { AppStateSchema } from '../../src/app/app-state.js';
import { emptyGateState } from '../../src/core/gates/gate-state.js';
import { BOT, useApp } from './app-kit.js';
import { closedPayload, commentPayload, REPO_PATH, workflowRunPayload } from './payloads.js';

/**
 * Propose first, apply on request: in suggest mode (and on forks) the App posts the verified fix as one
 * review of suggested changes; `/close-loop apply` commits it onto the head it was verified against,
 * `/close-loop undo` reverts the loop's last fix commit, `/close-loop apply on|off` switches the PR.
 */
const kit = useApp({ outcomes: true });
const makeFix = fixRepos();
const RUN = 30433642;
const STICKY = '<!-- closed-loop:loop-comment -->';
const NOTICE = '<!-- closed-loop:fix -->';
const SUGGEST = 'version: 1\napply:\n  mode: suggest\n';
let delivery = 0;

/**
 * The PR added src/cart.js (every line of it is in the diff) and touched README.md; bin/run.sh is not in its
 * diff.
 */
const CART_PATCH = `@@ -0,0 +1,5 @@\n${BASE_FILES['src/cart.js']
  .trimEnd()
  .split('\n')
  .map((l) => `+${l}`)
  .join('\n')}`;

async function atFix(config: string | null = null): Promise<FixRepo> {
  const fix = await makeFix();
  Object.assign(kit.github, { git: fix.dir, headSha: fix.start, branchHead: fix.start, config });
  kit.github.files = [
    {
      filename: 'src/cart.js',
      sha: 'd'.repeat(40),
      status: 'added',
      additions: 5,
      deletions: 0,
      patch: CART_PATCH,
    },
  ];
  kit.github.artifacts.set(
    RUN,
    zipSync({ 'result.json': strToU8(fix.resultJson), 'fix.patch': strToU8(fix.patch) }),
  );
  kit.github.permissions = { ...kit.github.permissions, alice: 'write', bob: 'read' };
  return fix;
}

const redRun = (fix: FixRepo) =>
  kit.receive(
    'workflow_run',
    workflowRunPayload({ head: fix.start, conclusion: 'failure' }),
    `run-${++delivery}`,
  );
const comment = (body: string, sender: string) =>
  kit.receive(
    'issue_comment',
    commentPayload(body, { sender, id: 6000 + ++delivery }),
    `comment-${delivery}`,
  );
const reply = (): string =>
  kit.github.comments.filter((c) => c.user === BOT && c.body.includes('<!-- closed-loop:reply')).at(-1)
    ?.body ?? '';
const sticky = (): string => kit.github.botComments(STICKY)[0]?.body ?? '';
const treeOf = (dir: string, sha: string): string => git(dir, 'rev-parse', `${sha}^{tree}`);

describe('suggest mode', () => {
  it('posts the verified fix as one review: a suggestion on each changed run of lines in the diff, the rest in the whole patch; never twice for one head', async () => {
    const fix = await atFix(SUGGEST);
    await redRun(fix);
    expect(kit.github.branchHead).toBe(fix.start);
    expect(kit.github.writesTo('POST', /\/git\//)).toEqual([]);
    expect(kit.github.reviews).toHaveLength(1);
    const [review] = kit.github.reviews;
    expect(review).toMatchObject({ commit_id: fix.start, event: 'COMMENT', user: BOT });
    expect(review!.comments).toEqual([
      { path: 'src/cart.js', line: 1, side: 'RIGHT', body: '```suggestion\nlet total = 0;\n```' },
      {
        path: 'src/cart.js',
        line: 4,
        side: 'RIGHT',
        body: '```suggestion\n  return total; // running sum\n```',
      },
    ]);
    expect(review!.body).toContain('because the config says `apply.mode: suggest`');
    expect(review!.body).toContain(
      "`bin/run.sh` (line 2: outside the pull request's diff), `src/legacy.js` (a deleted file), `src/util/sum.js` (a new file)",
    );
    expect(review!.body).toContain(fix.patch.split('\n').find((l) => l.startsWith('+export const sum'))!);
    expect(kit.github.botComments(NOTICE)[0]!.body).toMatch(
      /proposed the fix from \[run \d+\].* in \[a review\]\(.*#pullrequestreview-\d+\) of suggested changes/,
    );
    expect(sticky()).toContain('| Fixes | proposed as suggested changes (`apply.mode: suggest`) |');
    await redRun(fix); // redelivered
    expect(kit.github.reviews).toHaveLength(1);
    expect(kit.github.writesTo('POST', /\/pulls\/2\/reviews$/)).toHaveLength(1);
  });

  it('still proposes the whole patch when GitHub cannot place a suggestion (422), and says which', async () => {
    const fix = await atFix(SUGGEST);
    kit.github.reviewPatches = {
      'src/cart.js': '@@ -0,0 +1,2 @@\n+var total = 0;\n+export function add(x) {',
    };
    await redRun(fix);
    expect(kit.github.writesTo('POST', /\/pulls\/2\/reviews$/)).toHaveLength(2);
    expect(kit.github.reviews).toHaveLength(1);
    expect(kit.github.reviews[0]!.comments).toEqual([]);
    expect(kit.github.reviews[0]!.body).toContain(
      '`src/cart.js` (line 1: GitHub could not place a suggestion there), `src/cart.js` (line 4: GitHub could not place a suggestion there)',
    );
    expect(kit.github.branchHead).toBe(fix.start);
  });

  it('gives a fork pull request suggestions, never a commit, whatever the config says', async () => {
    const fix = await atFix();
    kit.github.fork = true;
    await kit.receive(
      'workflow_run',
      workflowRunPayload({
        head: fix.start,
        conclusion: 'failure',
        pullNumbers: [],
        headRepo: 'forker/Hello-World',
      }),
    );
    expect(kit.github.branchHead).toBe(fix.start);
    expect(kit.github.writesTo('POST', /\/git\//)).toEqual([]);
    expect(kit.github.reviews).toHaveLength(1);
    expect(kit.github.reviews[0]!.comments).toHaveLength(2);
    expect(kit.github.reviews[0]!.body).toContain('The App never pushes to a fork');
    expect(sticky()).toContain(
      '| Fixes | proposed as suggested changes (a fork: the App never pushes there) |',
    );
  });
});

describe('/close-loop apply', () => {
  it('commits the proposed fix onto the head it was verified against', async () => {
    const fix = await atFix(SUGGEST);
    await redRun(fix);
    await comment('/close-loop apply', 'alice');
    const committed = kit.github.branchHead;
    expect(committed).not.toBe(fix.start);
    expect(git(fix.dir, 'rev-parse', `${committed}^`)).toBe(fix.start);
    expect(treeOf(fix.dir, committed)).toBe(treeOf(fix.dir, fix.end));
    expect(git(fix.dir, 'log', '-1', '--format=%B', committed)).toContain(
      "at @alice's request (/close-loop apply)",
    );
    expect(reply()).toContain(`Committed the proposed fix from [run ${RUN}]`);
    expect(sticky()).toContain(committed.slice(0, 7));
    expect(git(fix.dir, 'show', `${committed}:src/util/sum.js`)).toBe(
      FIXED_FILES['src/util/sum.js'].trimEnd(),
    );
  });

  it('refuses someone without the permission, and refuses when the branch moved since the fix was verified', async () => {
    const fix = await atFix(SUGGEST);
    await redRun(fix);
    await comment('/close-loop apply', 'bob');
    expect(kit.github.branchHead).toBe(fix.start);
    expect(reply()).toContain(
      'Refused: `/close-loop apply` needs write permission or higher, and you have read permission',
    );
    kit.github.headSha = kit.github.branchHead = fix.end;
    await comment('/close-loop apply', 'alice');
    expect(kit.github.branchHead).toBe(fix.end);
    expect(kit.github.writesTo('POST', /\/git\//)).toEqual([]);
    expect(reply()).toContain(
      `Not applied: the branch moved to ${fix.end.slice(0, 7)} since the fix was verified against ${fix.start.slice(0, 7)}`,
    );
  });

  it('refuses on a fork, pointing to the suggestions', async () => {
    const fix = await atFix();
    kit.github.fork = true;
    await kit.receive(
      'workflow_run',
      workflowRunPayload({
        head: fix.start,
        conclusion: 'failure',
        pullNumbers: [],
        headRepo: 'forker/Hello-World',
      }),
    );
    await comment('/close-loop apply', 'alice');
    expect(kit.github.branchHead).toBe(fix.start);
    expect(reply()).toContain(
      'Not applied: the branch is on a fork, where the App never pushes; commit the suggestions in the review instead.',
    );
  });

  it('switches the pull request with on and off, shown in the sticky comment', async () => {
    const fix = await atFix();
    await comment('/close-loop apply off', 'alice');
    expect(sticky()).toContain('| Fixes | proposed as suggested changes (`apply off` by @alice) |');
    await redRun(fix);
    expect(kit.github.branchHead).toBe(fix.start);
    expect(kit.github.reviews).toHaveLength(1);
    expect(kit.github.reviews[0]!.body).toContain(
      'because @alice switched this pull request to `/close-loop apply off`',
    );
    await comment('/close-loop apply on', 'alice');
    expect(sticky()).toContain('| Fixes | committed (`apply on` by @alice) |');
  });
});

/**
 * The Action's two fix commits answered two patterns (lint-error, then format-error); its fix.patch holds
 * both, which the App commits as one.
 */
async function atTwoPatternFix(): Promise<FixRepo> {
  const fix = await atFix();
  const result = JSON.parse(fix.resultJson) as { fix_commits: { pattern: string }[] };
  result.fix_commits[1]!.pattern = 'format-error';
  kit.github.artifacts.set(
    RUN,
    zipSync({ 'result.json': strToU8(JSON.stringify(result)), 'fix.patch': strToU8(fix.patch) }),
  );
  return fix;
}

const HANDOFF = '<!-- closed-loop:handoff -->';
async function merge(head: string): Promise<string> {
  kit.github.headSha = head;
  kit.github.closed = true;
  kit.github.merged = { at: '2026-03-02T10:00:00Z', by: 'carol' };
  await kit.receive(
    'pull_request',
    closedPayload({ head, merged: kit.github.merged }),
    `merge-${++delivery}`,
  );
  return kit.github.botComments(HANDOFF)[0]?.body ?? '';
}

describe('one commit of several fixes', () => {
  it('names every pattern it carries: the commit message, the fix notice, the sticky comment and the handoff', async () => {
    const fix = await atTwoPatternFix();
    await redRun(fix);
    const committed = kit.github.branchHead;
    const subject = git(fix.dir, 'log', '-1', '--format=%s', committed);
    expect(subject).toMatch(/^closed-loop: auto_fix for lint-error and format-error \(attempt \d+\)$/);
    expect(
      git(fix.dir, 'log', '-1', '--format=%(trailers:key=Closed-Loop-Pattern,valueonly)', committed),
    ).toBe('lint-error\nformat-error');
    expect(kit.github.botComments(NOTICE)[0]!.body).toContain(
      `as ${committed.slice(0, 7)} (auto_fix for lint-error and format-error)`,
    );
    expect(sticky()).toContain(`- Pushed fix ${committed.slice(0, 7)}: ${subject}`);
    const handoff = await merge(committed);
    expect(handoff).toContain('**What the loop fixed** (1 commit)');
    expect(handoff).toMatch(
      new RegExp(
        `- \`${committed.slice(0, 7)}\` auto_fix for lint-error and format-error \\(attempt \\d+\\)`,
      ),
    );
    expect(handoff).toContain('**Strategies that worked**: auto_fix (lint-error) · auto_fix (format-error)');
    // The dashboard's fix records: the one commit counts for each pattern it carries.
    expect(kit.outcomes.filter((e) => e.kind === 'fix').map((e) => [e.sha, e.pattern, e.outcome])).toEqual([
      [committed, 'lint-error', 'committed'],
      [committed, 'format-error', 'committed'],
    ]);
  });
});

describe('/close-loop undo', () => {
  it('a fix undone before the merge is not credited by the handoff: it is listed as undone, by whom and with which revert', async () => {
    const fix = await atTwoPatternFix();
    await redRun(fix);
    const committed = kit.github.branchHead;
    await comment('/close-loop undo', 'alice');
    const revert = kit.github.branchHead;
    expect(revert).not.toBe(committed);
    const handoff = await merge(revert);
    expect(handoff).toContain('**What the loop fixed** (0 commits)');
    expect(handoff).toContain('- nothing kept: its fixes were undone before the merge (below)');
    expect(handoff).toMatch(
      new RegExp(
        `\\*\\*Undone before the merge\\*\\* \\(1 commit, not in what merged\\)\n\n- \`${committed.slice(0, 7)}\` auto_fix for lint-error and format-error \\(attempt \\d+\\): undone by @alice \\(\`/close-loop undo\`, revert \`${revert.slice(0, 7)}\`\\)`,
      ),
    );
    expect(handoff).toContain('**Strategies that worked**: none: the fixes were undone');
  });

  it("reverts the loop's last fix commit with a new commit, and switches the pull request to apply off", async () => {
    const fix = await atFix();
    await redRun(fix);
    const committed = kit.github.branchHead;
    expect(committed).not.toBe(fix.start);
    await comment('/close-loop undo', 'alice');
    const revert = kit.github.branchHead;
    expect(git(fix.dir, 'rev-parse', `${revert}^`)).toBe(committed);
    expect(treeOf(fix.dir, revert)).toBe(treeOf(fix.dir, fix.start));
    expect(
      kit.github.writesTo('PATCH', /\/git\/refs\//).map((w) => (w.body as { force: boolean }).force),
    ).toEqual([false, false]);
    expect(reply()).toContain(
      `Reverted the loop's fix commit ${committed.slice(0, 7)} with a new commit ${revert.slice(0, 7)}`,
    );
    expect(sticky()).toContain('| Fixes | proposed as suggested changes (`apply off` by @alice) |');
  });

  it("refuses a commit with the loop's trailer that touches .github/, and any undo on a fork", async () => {
    const fix = await atFix();
    git(fix.dir, 'checkout', '-q', fix.start);
    writeFiles(fix.dir, { '.github/workflows/ci.yml': 'on: push\n' });
    git(fix.dir, 'add', '-A');
    git(fix.dir, 'commit', '-q', '-m', 'fix: ci', '-m', 'Closed-Loop-Strategy: auto_fix');
    const odd = git(fix.dir, 'rev-parse', 'HEAD');
    kit.github.headSha = kit.github.branchHead = odd;
    await comment('/close-loop undo', 'alice');
    expect(reply()).toContain(
      `Not reverted: the branch's last commit ${odd.slice(0, 7)} changes .github/, which the loop never writes`,
    );
    kit.github.fork = true;
    await comment('/close-loop undo', 'alice');
    expect(reply()).toContain('Not reverted: the branch is on a fork, where the App never pushes.');
    expect(kit.github.branchHead).toBe(odd);
    expect(kit.github.writesTo('POST', /\/git\//)).toEqual([]);
  });

  it('answers on the pull request when GitHub refuses what the revert needs, saying why and that nothing changed', async () => {
    const fix = await atFix();
    await redRun(fix);
    const committed = kit.github.branchHead;
    const tree = treeOf(fix.dir, committed);
    kit.github.failures.set(`GET ${REPO_PATH}/git/trees/${tree}`, { status: 404, message: 'Not Found' });
    kit.logs.length = 0;
    await comment('/close-loop undo', 'alice');
    expect(kit.github.branchHead).toBe(committed);
    expect(
      kit.github.writesTo('POST', /\/git\//).filter((w) => w.path.endsWith('/git/commits')),
    ).toHaveLength(
      1, // the fix's own commit; no revert
    );
    const body = reply();
    expect(body).toMatch(/^(?:<!-- closed-loop:[^\n]*-->\n)+@alice\n\n> \/close-loop undo\n\n/);
    expect(body).toContain(
      `Could not be done: GitHub answered 404 (“Not Found”) to \`GET https://api.github.com${REPO_PATH}/git/trees/${tree}\`: what it needs (the branch, a commit, the repository) is gone, or the App cannot see it. Nothing was changed by this command;`,
    );
    expect(body).not.toContain('ghs_');
    expect(sticky()).not.toContain('`apply off` by @alice');
    expect(kit.logs.filter((l) => l.startsWith('warn'))).toEqual([
      expect.stringMatching(
        /^warn Codertocat\/Hello-World#2: \/close-loop undo from @alice could not be done: GitHub said no: GitHub found nothing at GET .*\/git\/trees\/\w+ \(404\).*; answered on the pull request$/,
      ),
    ]);
  });

  it("refuses when the branch's last commit is not the loop's", async () => {
    const fix = await atFix();
    await comment('/close-loop undo', 'alice');
    expect(kit.github.branchHead).toBe(fix.start);
    expect(kit.github.writesTo('POST', /\/git\//)).toEqual([]);
    expect(reply()).toContain(
      `Not reverted: the branch's last commit ${fix.start.slice(0, 7)} is not one of the loop's fix commits`,
    );
  });
});

describe('the signed App state', () => {
  it('reads a block written before the apply switch and the proposal existed', () => {
    expect(AppStateSchema.parse({ version: 1, gates: emptyGateState(), resumed: null })).toMatchObject({
      apply: null,
      proposal: null,
    });
  });
});
