import { beforeEach, describe, expect, it } from 'vitest';
import type { LoopMemory } from '../../src/core/pull-request/loop-memory.js';
import { renderLoopComment } from '../../src/core/pull-request/render-loop-comment.js';
import { BOT, useApp } from './app-kit.js';
import type { FakeCheckRun } from './fake-github.js';
import { AUTHOR, commentPayload, HEAD, REPO_PATH } from './payloads.js';

// `/close-loop` commands in pull request comments, through probot.receive against the fake GitHub:
// what a person sees is the App's one reply to their comment, and the PR's labels, check and sticky comment.

const kit = useApp();
beforeEach(() => {
  kit.github.permissions.alice = 'read';
});
const REPLY = '<!-- closed-loop:reply -->';
const SHA7 = HEAD.slice(0, 7);

/** The App's replies to comments (not its sticky loop comment). */
const replies = () => kit.github.botComments(REPLY);
/** The one reply there must be, its text. */
function reply(): string {
  expect(replies(), 'exactly one reply comment').toHaveLength(1);
  return text(replies()[0]!.body);
}
/** A comment's text without the App's hidden marker lines. */
const text = (body: string) => body.replace(/^(?:<!-- closed-loop:[^\n]*-->\n)+/, '');
/** The reply's sections, one per command, each starting with the quoted command. */
const sections = (body: string) => body.split('\n\n---\n\n');

let nextCheck = 100;
function checkRun(name: string, conclusion: string | null, status = 'completed'): FakeCheckRun {
  return {
    id: nextCheck++,
    name,
    head_sha: kit.github.headSha,
    status,
    conclusion,
    output: { title: null, summary: null, text: null },
    app: 'github-actions',
  };
}
const authFile = {
  filename: 'src/auth/login.ts',
  sha: 'a'.repeat(40),
  status: 'modified',
  additions: 12,
  deletions: 3,
};
const gateCheck = () => kit.github.checkRuns.find((c) => c.name === 'closed-loop');
/** The loop escalated on the head, as CI reported it: the App's sticky loop comment with that memory. */
const escalated: LoopMemory = {
  version: 1,
  head_sha: HEAD,
  task_id: 'pr-2',
  attempts: [],
  fix_commits: [],
  bot_pushes: 0,
  status: 'escalated',
};
const loopComment = (memory: LoopMemory) => ({
  id: 300,
  user: BOT,
  body: renderLoopComment({ memory }),
  created_at: '2024-01-01T00:00:00Z',
});
let delivery = 0;
const comment = (body: string, sender: string, opts: Parameters<typeof commentPayload>[1] = {}) =>
  kit.receive('issue_comment', commentPayload(body, { sender, ...opts }), `delivery-${++delivery}`);

describe('/close-loop help and unknown commands', () => {
  it('lists every command with who may run it, and who may approve each gate under this config', async () => {
    kit.github.config =
      'version: 1\ncommands:\n  retry: maintain\ngates:\n  security:\n    approvers:\n      teams: [security]\n';
    await comment('/close-loop help', 'alice');
    const body = reply();
    expect(body).toMatch(/^@alice\n/);
    expect(body).toContain('### closed-loop commands');
    expect(body).toContain(
      "| `/close-loop status` | replies with the loop's state, the checks and the human gates | people with read permission or higher |",
    );
    expect(body).toContain(
      '| `/close-loop retry` | runs the loop again on the current head | people with maintain permission or higher |',
    );
    expect(body).toContain(
      '| `/close-loop resume` | resumes a blocked loop after a person has fixed what blocked it | people with write permission or higher |',
    );
    expect(body).toContain('| `/close-loop approve <gate>` |');
    expect(body).toContain('| `/close-loop skip <gate> --reason "…"` |');
    expect(body).toContain(
      "| security | members of @Codertocat/security, with maintain permission or higher (not the pull request's author) |",
    );
    expect(body).toContain(
      "| database | people with maintain permission or higher (not the pull request's author) |",
    );
    // No line of the reply reads as a command (it must never trigger itself).
    expect(body.split('\n').some((l) => /^ {0,3}\/close-loop/.test(l))).toBe(false);
  });

  it('answers an unknown command with what went wrong and the list of commands', async () => {
    await comment('/close-loop stauts please', 'alice');
    const body = reply();
    expect(body).toContain('> /close-loop stauts please');
    expect(body).toContain('unknown command "stauts"; did you mean `/close-loop status`?');
    expect(body).toContain(
      '| `/close-loop verify` | replies with the verification of this head against the success criteria | people with read permission or higher |',
    );
    expect(body).toContain('### Who may approve or skip each gate');
  });

  it('follows the config for who may run help, for the list after an unknown command too', async () => {
    kit.github.config = 'version: 1\ncommands:\n  help: write\n';
    await comment('/close-loop help\n/close-loop merge', 'alice');
    const [help, unknown] = sections(reply());
    expect(help).toContain(
      'Refused: `/close-loop help` needs write permission or higher, and you have read permission. Who may run it: people with write permission or higher.',
    );
    expect(unknown).toBe(
      '> /close-loop merge\n\nunknown command "merge" (`/close-loop help` lists them)\n\nComment `/close-loop help` for the commands.',
    );
    expect(reply()).not.toContain('### closed-loop commands');
  });
});

describe('/close-loop status', () => {
  it('says what is missing for the gate, and where the loop stands', async () => {
    kit.github.files = [authFile];
    kit.github.checkRuns = [checkRun('unit-tests', 'failure'), checkRun('lint', 'success')];
    await comment('/close-loop status', 'alice');
    const body = reply();
    expect(body).toContain(
      '**1 check failed: unit-tests; waiting for approval: security** (loop: no CI result yet)',
    );
    expect(body).toContain('- check `unit-tests` failed (failure)');
    expect(body).toContain(
      "- security approval from people with maintain permission or higher (not the pull request's author)",
    );
    expect(body).toContain('1 check passed.');
    expect(body).toContain('| security | ⏳ waiting for');
    expect(body).toContain('`src/auth/login.ts`');
    // The PR shows the same: the gate's label, and the closed-loop check failing with the same title.
    expect(kit.github.labels).toEqual(['needs:security-review']);
    expect(gateCheck()).toMatchObject({
      conclusion: 'failure',
      output: { title: '1 check failed: unit-tests; waiting for approval: security' },
    });
  });

  it('says the loop is blocked, as the closed-loop check does', async () => {
    kit.github.labels = ['loop:blocked'];
    kit.github.comments = [loopComment(escalated)];
    await comment('/close-loop status', 'alice');
    const body = reply();
    expect(body).toContain('**The loop is blocked** (loop: blocked)');
    expect(body).toContain('**Still missing**\n\n- the loop is blocked');
    expect(body).not.toContain('Nothing is missing');
    expect(gateCheck()).toMatchObject({ conclusion: 'failure', output: { title: 'The loop is blocked' } });
    expect(kit.github.labels).toEqual(['loop:blocked']);
  });
});

describe('/close-loop verify', () => {
  it('judges each acceptance criterion with its evidence and returns the PR when one is not met', async () => {
    kit.github.body = [
      'Adds the guide.',
      '',
      '## Acceptance criteria',
      '',
      '- [ ] tests pass',
      '- [x] README updated (`README.md`)',
      '- [x] guide written in `docs/guide.md`',
      '- [x] reviewed the wording',
      '- [ ] changelog entry added',
      '',
      '## Notes',
      '',
      '- [ ] not a criterion: outside the section',
    ].join('\n');
    kit.github.checkRuns = [checkRun('unit-tests', 'success')];
    kit.github.contents = { 'README.md': '# Hello\n' };
    await comment('/close-loop verify', 'alice');
    const body = reply();
    expect(body).toContain(
      `**Verdict: Returned** — 1 of 5 criteria pass on \`${SHA7}\` (2 fail, 2 partial). Returned to the author`,
    );
    const row = (id: string) => body.split('\n').find((l) => l.startsWith(`| ${id} |`)) ?? '';
    expect(row('AC-1')).toMatch(
      /^\| AC-1 \| partial \| tests pass \(PR body, line 5\) \|.*`unit-tests`: success.*left unticked in the PR body/,
    );
    expect(row('AC-2')).toMatch(
      new RegExp(
        `^\\| AC-2 \\| pass \\|.*\`README.md\` exists at ${SHA7} \\(8 bytes\\), modified by this PR`,
      ),
    );
    expect(row('AC-3')).toMatch(
      new RegExp(`^\\| AC-3 \\| fail \\|.*\`docs/guide.md\` is missing at ${SHA7}`),
    );
    expect(row('AC-4')).toMatch(
      /^\| AC-4 \| partial \|.*claimed by the author \(ticked in the PR body\).*a reviewer should confirm/,
    );
    expect(row('AC-5')).toMatch(/^\| AC-5 \| fail \|.*unticked in the PR body \(line 9\)/);
    expect(body).not.toContain('not a criterion');
    expect(body).toContain(`**ArtifactMissing**: AC-3: \`docs/guide.md\` does not exist at ${SHA7}.`);
    expect(body).toContain(
      '#### To do\n\n1. AC-1 (partial) “tests pass”: tick it in the PR body if it is done',
    );
    expect(body).toContain('2. AC-3 (fail) “guide written in `docs/guide.md`”: `docs/guide.md` must exist.');
    expect(body).toContain('| unit-tests | success |');
  });

  it('is complete when every criterion has passing evidence, and names the artifacts for downstream', async () => {
    kit.github.body = '- [x] tests pass\n- [x] `README.md` explains the setup\n';
    kit.github.checkRuns = [checkRun('unit-tests', 'success')];
    kit.github.contents = { 'README.md': '# Hello\n' };
    await comment('/close-loop verify', 'alice');
    const body = reply();
    expect(body).toContain(
      `**Verdict: Complete** — all 2 acceptance criteria pass on \`${SHA7}\`, and no check failed.`,
    );
    expect(body).toContain('#### Artifacts for downstream\n\n- `README.md`');
    expect(body).not.toContain('#### To do');
    // The same verification again (a redelivery) gives the same report: nothing is written.
    const writes = kit.github.writes.length;
    await kit.receive(
      'issue_comment',
      commentPayload('/close-loop verify', { sender: 'alice' }),
      `delivery-${delivery}`,
    );
    expect(kit.github.writes.slice(writes)).toEqual([]);
  });

  it('is blocked while a required gate waits, with the failed check as evidence against its criterion', async () => {
    kit.github.files = [authFile];
    kit.github.body = '- [x] tests pass\n';
    kit.github.checkRuns = [checkRun('unit-tests', 'failure')];
    await comment('/close-loop verify', 'alice');
    const body = reply();
    expect(body).toContain('**Verdict: Blocked**');
    expect(body).toContain('#### Blocked by\n\n- the security gate waits for approval');
    expect(body).toMatch(/\| AC-1 \| fail \|.*`unit-tests`: failure/);
    // The check's link is GitHub's html_url (REST) or url (GraphQL), the same page.
    expect(body).toMatch(
      new RegExp(
        `\\*\\*AutomatedCheckFailed\\*\\*: \`unit-tests\`: failure \\(https://github\\.com/Codertocat/Hello-World/runs/\\d+\\) on ${SHA7}\\.`,
      ),
    );
    expect(body).toContain('| security | pending |');
  });

  it('answers a PR without criteria with TaskSpecMissingCriteria and how to add them', async () => {
    kit.github.body = 'Fixes the typo in the greeting.';
    await comment('/close-loop verify', 'alice');
    const body = reply();
    expect(body).toContain(`**Verdict: Returned** — no acceptance criteria were found on \`${SHA7}\``);
    expect(body).toContain('_No acceptance criteria to judge._');
    expect(body).toContain(
      '**TaskSpecMissingCriteria**: No acceptance criteria were found in the PR description. Resolution: Add an Acceptance criteria checklist',
    );
    expect(body).toContain(`No automated checks reported on \`${SHA7}\` — their absence is noted.`);
  });

  it('reads the linked task spec at the head and judges its criteria', async () => {
    kit.github.body = 'Task spec: docs/tasks/TASK-007.md\n\n- [x] lint passes\n';
    kit.github.contents = {
      'docs/tasks/TASK-007.md':
        '# TASK-007 users API\n\n## Acceptance criteria\n\n- lint passes\n- `src/api/users.ts` exports the handler\n\n## Notes\n\n- not a criterion\n',
      'src/api/users.ts': 'export const handler = 1;\n',
    };
    kit.github.checkRuns = [checkRun('eslint', 'success')];
    await comment('/close-loop verify', 'alice');
    const body = reply();
    expect(body).toContain(`**Verdict: Complete** — all 2 acceptance criteria pass on \`${SHA7}\``);
    expect(body).toMatch(/\| AC-1 \| pass \| lint passes \(task spec, line 5\) \|.*`eslint`: success/);
    expect(body).toMatch(
      new RegExp(
        `\\| AC-2 \\| pass \\|.*\\(task spec, line 6\\) \\|.*\`src/api/users.ts\` exists at ${SHA7} \\(26 bytes\\), not changed by this PR`,
      ),
    );
    expect(body).not.toContain('not a criterion');
  });

  it('is blocked with TaskNotFound when the linked spec does not exist at the head', async () => {
    kit.github.body = 'Task: [TASK-008](docs/tasks/TASK-008.md)\n\n- [x] tests pass\n';
    kit.github.checkRuns = [checkRun('unit-tests', 'success')];
    await comment('/close-loop verify', 'alice');
    const body = reply();
    expect(body).toContain('**Verdict: Blocked**');
    expect(body).toContain(
      `**TaskNotFound**: The linked task spec \`docs/tasks/TASK-008.md\` does not exist at ${SHA7}.`,
    );
  });
});

describe('/close-loop approve and skip', () => {
  it('records an approval from someone allowed: needs:security-review comes off, the check passes, and it holds', async () => {
    kit.github.checkRuns = [checkRun('unit-tests', 'success')]; // CI passed on the head
    kit.github.files = [authFile];
    kit.github.labels = ['needs:security-review'];
    kit.github.permissions.bob = 'maintain';
    await comment('/close-loop approve security', 'bob', { id: 6001 });
    expect(reply()).toContain(
      `- **security**: approved by @bob on ${SHA7}; a push that changes the gate's files asks again.`,
    );
    expect(kit.github.labels).toEqual(['approved:security']);
    expect(gateCheck()?.conclusion).toBe('success');
    // The approval is kept on GitHub: a later comment (any instance) still sees it.
    await comment('/close-loop status', 'bob', { id: 6002 });
    expect(replies()).toHaveLength(2);
    expect(text(replies()[1]!.body)).toContain('Nothing is missing');
    expect(text(replies()[1]!.body)).toContain('| security | ✅ approved by @bob on this commit |');
  });

  it('refuses a user with write permission only, and the PR author, saying who may approve', async () => {
    kit.github.files = [authFile];
    kit.github.labels = ['needs:security-review'];
    kit.github.permissions.carol = 'write';
    await comment('/close-loop approve security', 'carol', { id: 6001 });
    await comment('/close-loop approve security', AUTHOR, { id: 6002 });
    const [carol, author] = replies().map((r) => r.body);
    const who =
      "Who may approve it: people with maintain permission or higher (not the pull request's author).";
    expect(carol).toContain(
      `- **security**: refused: @carol has write permission on this repository; the gate needs maintain or higher. ${who}`,
    );
    expect(author).toContain(
      `- **security**: refused: @${AUTHOR} opened this pull request, and the gate does not let authors approve their own change. ${who}`,
    );
    expect(kit.github.labels).toEqual(['needs:security-review']);
    expect(gateCheck()?.conclusion).toBe('action_required');
  });

  it('says a gate this change does not need is not needed, and records nothing', async () => {
    kit.github.permissions.bob = 'maintain';
    await comment('/close-loop approve database', 'bob');
    expect(reply()).toContain(
      "- **database**: not needed: none of this change's files match the database gate's paths; nothing recorded.",
    );
    expect(kit.github.labels).toEqual([]);
  });

  it('records a skip with its reason', async () => {
    kit.github.checkRuns = [checkRun('unit-tests', 'success')]; // CI passed on the head
    kit.github.files = [authFile];
    kit.github.labels = ['needs:security-review'];
    kit.github.permissions.bob = 'maintain';
    await comment('/close-loop skip security --reason "docs only"', 'bob');
    expect(reply()).toContain(
      `- **security**: skipped by @bob on ${SHA7}, reason on record: docs only. It holds until the gate's files change.`,
    );
    expect(kit.github.labels).toEqual([]);
    expect(gateCheck()?.conclusion).toBe('success');
    expect(gateCheck()?.output.summary).toContain(
      '| security | ⏭️ skipped by @bob on this commit: "docs only" |',
    );
  });

  it('refuses a skip without a reason and records nothing', async () => {
    kit.github.files = [authFile];
    kit.github.labels = ['needs:security-review'];
    kit.github.permissions.bob = 'maintain';
    await comment('/close-loop skip security', 'bob');
    expect(reply()).toContain(
      'a skip needs a reason, so that reviewers can see why: `/close-loop skip <gate> --reason "why this gate does not apply"`',
    );
    expect(kit.github.labels).toEqual(['needs:security-review']);
    expect(gateCheck()?.conclusion).toBe('action_required');
  });
});

describe('/close-loop retry', () => {
  const failedRun = {
    id: 77,
    head_sha: HEAD,
    status: 'completed',
    conclusion: 'failure',
    html_url: 'https://github.com/Codertocat/Hello-World/actions/runs/77',
    name: 'CI',
  };
  const reruns = () => kit.github.writesTo('POST', /\/rerun-failed-jobs$/);

  it("re-runs the failed jobs of the head's failed run for a user with write permission", async () => {
    kit.github.runs = [failedRun];
    kit.github.permissions.dave = 'write';
    await comment('/close-loop retry', 'dave');
    expect(reruns().map((w) => w.path)).toEqual([`${REPO_PATH}/actions/runs/77/rerun-failed-jobs`]);
    expect(reply()).toContain(
      'Re-running the failed jobs of [run 77](https://github.com/Codertocat/Hello-World/actions/runs/77).',
    );
  });

  it('answers when GitHub refuses the re-run: its status, that nothing changed; the commands after it are not run', async () => {
    kit.github.runs = [failedRun];
    kit.github.permissions.dave = 'write';
    kit.github.failures.set(`POST ${REPO_PATH}/actions/runs/77/rerun-failed-jobs`, {
      status: 403,
      message: 'Resource not accessible by integration',
    });
    await comment('/close-loop retry\n/close-loop resume', 'dave');
    const [retry, resume] = sections(reply());
    expect(retry).toBe(
      `@dave\n\n> /close-loop retry\n\nCould not be done: GitHub answered 403 (“Resource not accessible by integration”) to \`POST https://api.github.com${REPO_PATH}/actions/runs/77/rerun-failed-jobs\`: the App may lack a permission this needs, or a rule on the repository (a branch protection) refuses it. Nothing was changed by this command; the App's log has the details.`,
    );
    expect(resume).toBe('> /close-loop resume\n\nNot run: the command before it could not be done.');
    expect(kit.logs.filter((l) => l.startsWith('warn'))).toEqual([
      expect.stringMatching(
        /^warn Codertocat\/Hello-World#2: \/close-loop retry from @dave could not be done: GitHub said no: .*\(403: Resource not accessible by integration.*; answered on the pull request$/,
      ),
    ]);
  });

  it('answers when GitHub refuses what the App reads before any command runs; logs it when the answer fails too', async () => {
    kit.github.permissions.dave = 'write';
    kit.github.failures.set(`GET ${REPO_PATH}/collaborators/dave/permission`, {
      status: 403,
      message: 'Resource not accessible by integration',
    });
    await comment('/close-loop retry', 'dave');
    expect(reply()).toBe(
      `@dave\n\nYour \`/close-loop\` command could not be run: GitHub answered 403 (“Resource not accessible by integration”) to \`GET https://api.github.com${REPO_PATH}/collaborators/dave/permission\`: the App may lack a permission this needs, or a rule on the repository (a branch protection) refuses it. Nothing was changed; the App's log has the details.`,
    );
    kit.logs.length = 0;
    kit.github.failures.set(`POST ${REPO_PATH}/issues/2/comments`, { status: 403, message: 'Forbidden' });
    await comment('/close-loop retry', 'dave', { id: 4321 });
    expect(replies()).toHaveLength(1);
    expect(kit.logs.filter((l) => l.startsWith('warn'))).toEqual([
      expect.stringMatching(
        /^warn Codertocat\/Hello-World#2: the commands of comment 4321 from @dave could not be run: GitHub said no: .*\(403\): closed-loop needs/,
      ),
      expect.stringMatching(
        /^warn Codertocat\/Hello-World#2: the reply saying so could not be posted either: .*\(403: Forbidden/,
      ),
    ]);
  });

  it('refuses a read-only user and re-runs nothing', async () => {
    kit.github.runs = [failedRun];
    kit.github.permissions.erin = 'read';
    await comment('/close-loop retry', 'erin');
    expect(reruns()).toEqual([]);
    expect(reply()).toContain(
      'Refused: `/close-loop retry` needs write permission or higher, and you have read permission. Who may run it: people with write permission or higher.',
    );
  });
});

describe('/close-loop resume', () => {
  it('has nothing to resume when the loop is not blocked', async () => {
    kit.github.permissions.dave = 'write';
    await comment('/close-loop resume', 'dave');
    expect(reply()).toContain('Nothing to resume: the loop is not blocked (no CI result yet).');
    expect(kit.github.labels).toEqual([]);
  });

  it('clears loop:blocked when the loop escalated', async () => {
    kit.github.permissions.dave = 'write';
    kit.github.labels = ['loop:blocked'];
    kit.github.comments = [loopComment(escalated)];
    await comment('/close-loop resume', 'dave');
    expect(reply()).toContain('Resumed by @dave: `loop:blocked` is cleared.');
    expect(kit.github.labels).toEqual([]);
    const sticky = kit.github.comments.find((c) => c.id === 300);
    expect(sticky?.body).toContain('Resumed: a person cleared BLOCKED');
    // Still resumed on the next comment: the resume is kept in the sticky comment.
    await comment('/close-loop status', 'dave', { id: 5002 });
    expect(text(replies()[1]!.body)).toContain('(loop: resumed)');
    expect(kit.github.labels).toEqual([]);
  });
});

describe('one reply per comment', () => {
  it('edits the reply when the comment is edited, and a redelivery changes nothing', async () => {
    await kit.receive(
      'issue_comment',
      commentPayload('/close-loop status', { sender: 'alice', id: 7001 }),
      'd-1',
    );
    const first = reply();
    expect(first).toContain('> /close-loop status');
    const id = replies()[0]!.id;

    await kit.receive(
      'issue_comment',
      commentPayload('/close-loop help', { sender: 'alice', id: 7001, action: 'edited' }),
      'd-2',
    );
    const edited = reply();
    expect(replies()[0]!.id).toBe(id);
    expect(edited).toContain('> /close-loop help');
    expect(edited).not.toContain('> /close-loop status');
    expect(kit.github.writesTo('PATCH', new RegExp(`/issues/comments/${id}$`))).toHaveLength(1);

    const writes = kit.github.writes.length;
    await kit.receive(
      'issue_comment',
      commentPayload('/close-loop help', { sender: 'alice', id: 7001, action: 'edited' }),
      'd-2',
    );
    expect(kit.github.writes.slice(writes)).toEqual([]);
    expect(replies()).toHaveLength(1);
  });

  it('a comment whose commands are edited away: its reply says so (no stale answer); an edited comment that never had one gets none', async () => {
    await kit.receive(
      'issue_comment',
      commentPayload('/close-loop status', { sender: 'alice', id: 7002 }),
      'd-1',
    );
    const id = replies()[0]!.id;
    await kit.receive(
      'issue_comment',
      commentPayload('never mind, it is green now', { sender: 'alice', id: 7002, action: 'edited' }),
      'd-2',
    );
    expect(replies().map((c) => c.id)).toEqual([id]);
    expect(reply()).toBe(
      '@alice, this comment no longer holds a `/close-loop` command; nothing was run for it.',
    );

    const writes = kit.github.writes.length;
    await kit.receive(
      'issue_comment',
      commentPayload('just a typo fixed', { sender: 'alice', id: 7003, action: 'edited' }),
      'd-3',
    );
    expect(kit.github.writes.slice(writes)).toEqual([]);
    expect(replies()).toHaveLength(1);
  });

  it('answers several commands in one reply, one section each, in order', async () => {
    kit.github.checkRuns = [checkRun('unit-tests', 'success')]; // CI passed on the head
    kit.github.files = [authFile];
    kit.github.permissions.bob = 'maintain';
    kit.github.runs = [
      {
        id: 78,
        head_sha: HEAD,
        status: 'completed',
        conclusion: 'success',
        html_url: 'https://github.com/Codertocat/Hello-World/actions/runs/78',
        name: 'CI',
      },
    ];
    await comment(
      'Looks fine to me.\n\n/close-loop status\n/close-loop approve security\n/close-loop retry\n',
      'bob',
    );
    const parts = sections(reply());
    expect(parts).toHaveLength(3);
    expect(parts[0]).toMatch(/^@bob\n\n> \/close-loop status\n\n\*\*Waiting for approval: security\*\*/);
    expect(parts[1]).toMatch(
      new RegExp(`^> /close-loop approve security\n\n- \\*\\*security\\*\\*: approved by @bob on ${SHA7}`),
    );
    expect(parts[2]).toBe(
      `> /close-loop retry\n\nNothing re-run: run 78 on ${SHA7} already passed (success).`,
    );
    expect(kit.github.labels).toEqual(['approved:security']);
  });
});

describe('an invalid config on the default branch', () => {
  it('answers the command with the config error and fails the check, changing nothing else', async () => {
    kit.github.files = [authFile];
    kit.github.permissions.bob = 'maintain';
    kit.github.config = 'version: 2\n';
    await comment('/close-loop approve security', 'bob');
    expect(reply()).toMatch(
      /^@bob, closed-loop cannot run commands until its config is fixed:\n\n```\n.*version/,
    );
    expect(gateCheck()).toMatchObject({
      conclusion: 'failure',
      output: { title: 'Invalid closed-loop config' },
    });
    expect(kit.github.labels).toEqual([]);
    expect(kit.github.comments).toHaveLength(1);
  });
});

describe('comments the App does not act on', () => {
  it.each([
    ['its own login', { sender: BOT }],
    ['another bot', { sender: 'renovate', type: 'Bot' as const }],
  ])('ignores commands from %s', async (_what, opts) => {
    kit.github.permissions[opts.sender] = 'admin';
    await comment('/close-loop approve security\n/close-loop retry', opts.sender, opts);
    expect(kit.github.writes).toEqual([]);
  });

  it.each([
    ['no command', 'LGTM, thanks!'],
    ['a quoted command', '> /close-loop retry\n\nwhy did this not run?'],
    ['a command in a code block', '```\n/close-loop retry\n```'],
    ['a command in the middle of a line', 'please run /close-loop retry'],
  ])('ignores a comment with %s', async (_what, body) => {
    kit.github.permissions.alice = 'admin';
    await comment(body, 'alice');
    expect(kit.github.writes).toEqual([]);
  });
});
