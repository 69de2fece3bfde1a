import { createHmac } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { STATE_SECRET, useApp } from './app-kit.js';
import type { FakeCheckRun } from './fake-github.js';
import { AUTHOR, commentPayload, HEAD, pullRequestPayload, REPO_PATH } from './payloads.js';

// The App's human gates, driven through probot.receive against the fake GitHub: what a person sees on
// the PR (labels, the `closed-loop` check run, the sticky comment, refusal comments) after each event.

const kit = useApp();

/** CI's own check on a head (GitHub Actions'), passed: the gates alone then decide the closed-loop check. */
const ciPassed = (head: string, id: number): FakeCheckRun => ({
  id,
  name: 'test',
  head_sha: head,
  status: 'completed',
  conclusion: 'success',
  output: { title: null, summary: null, text: null },
  app: 'github-actions',
});
beforeEach(() => {
  kit.github.checkRuns.push(ciPassed(HEAD, 9001), ciPassed(NEW_HEAD, 9002), ciPassed('f'.repeat(40), 9003));
});
/** The closed-loop check runs the App wrote (CI's own are the fake's from the start). */
const ownChecks = () => kit.github.checkRuns.filter((c) => c.name === 'closed-loop');

const NEW_HEAD = '1'.repeat(40);
const AUTH_FILE = 'src/auth/login.ts';
const STICKY = '<!-- closed-loop:loop-comment -->';
const REFUSED = '<!-- closed-loop:approval-refused -->';
const SECURITY_WHO = "people with maintain permission or higher (not the pull request's author)";

const changed = (filename: string, sha: string) => ({
  filename,
  sha,
  status: 'modified',
  additions: 3,
  deletions: 1,
});
const securityChange = (blob = 'a'.repeat(40)) => [
  changed(AUTH_FILE, blob),
  changed('README.md', 'b'.repeat(40)),
];

/** The latest `closed-loop` check run on `head`, as the Checks tab shows it. */
function gateCheck(head = HEAD): FakeCheckRun {
  const run = kit.github.checkRuns.filter((c) => c.name === 'closed-loop' && c.head_sha === head).at(-1);
  expect(run, `a closed-loop check run on ${head.slice(0, 7)}`).toBeDefined();
  return run!;
}

/** The one sticky loop comment, and its Gates row. */
function sticky(): { body: string; gatesRow: string } {
  const comments = kit.github.botComments(STICKY);
  expect(comments, 'exactly one sticky comment').toHaveLength(1);
  const body = comments[0]!.body;
  return { body, gatesRow: /^\| Gates \| (.*) \|$/m.exec(body)?.[1] ?? '(no Gates row)' };
}

const refusals = () => kit.github.botComments(REFUSED);

/** A PR touching src/auth/** opened. */
async function openSecurityPr(): Promise<void> {
  kit.github.files = securityChange();
  await kit.receive('pull_request', pullRequestPayload('opened'), 'open-1');
}

/** `sender` adds or takes off `approved:security`: GitHub changes the labels, then delivers the event. */
async function securityLabel(action: 'labeled' | 'unlabeled', sender: string): Promise<void> {
  kit.github.labels =
    action === 'labeled'
      ? [...kit.github.labels, 'approved:security']
      : kit.github.labels.filter((l) => l !== 'approved:security');
  await kit.receive(
    'pull_request',
    pullRequestPayload(action, { label: 'approved:security', sender, labels: [...kit.github.labels] }),
    `${action}-1`,
  );
}

async function openThenLabel(sender: string): Promise<void> {
  await openSecurityPr();
  await securityLabel('labeled', sender);
}

/** Asserts the security gate is still waiting: needs: label, no approved: label, check action_required. */
function expectSecurityPending(head = HEAD, who = SECURITY_WHO): void {
  expect(kit.github.labels).toContain('needs:security-review');
  expect(kit.github.labels).not.toContain('approved:security');
  const run = gateCheck(head);
  expect(run.conclusion).toBe('action_required');
  expect(run.output.summary).toContain(`security approval from ${who}`);
}

function expectSecurityApproved(by: string, head = HEAD): void {
  expect(kit.github.labels).toContain('approved:security');
  expect(kit.github.labels).not.toContain('needs:security-review');
  const run = gateCheck(head);
  expect(run.conclusion).toBe('success');
  expect(run.output.summary).not.toContain('security approval from');
  expect(run.output.summary).toContain(`✅ approved by @${by}`);
  expect(sticky().gatesRow).toBe(`security: approved by @${by}`);
}

describe('which gates a change needs', () => {
  it('a change under src/auth/** asks for security review: label, check waiting for approval, naming who may approve', async () => {
    await openSecurityPr();
    expect(kit.github.labels).toEqual(['needs:security-review']);
    const run = gateCheck();
    expect(run).toMatchObject({ status: 'completed', conclusion: 'action_required' });
    expect(run.output.title).toBe('Waiting for approval: security');
    expect(run.output.summary).toContain(`- security approval from ${SECURITY_WHO}`);
    expect(run.output.summary).toContain(`\`${AUTH_FILE}\``);
    expect(sticky().gatesRow).toBe('security: needed');
    expect(kit.github.repoLabels).toEqual(
      expect.arrayContaining(['needs:security-review', 'approved:security']),
    );
  });

  it('a README-only change needs no gate: no gate labels, the check does not wait for approvals', async () => {
    await kit.receive('pull_request', pullRequestPayload('opened'));
    expect(kit.github.labels).toEqual([]);
    const run = gateCheck();
    expect(run).toMatchObject({ status: 'completed', conclusion: 'success' });
    expect(run.output.summary).not.toContain('approval');
    expect(sticky().gatesRow).toBe('(no Gates row)');
  });
});

describe('approving with the approved:<gate> label', () => {
  it.each(['maintain', 'admin'] as const)(
    'someone with %s permission, not the author, approves: needs: label off, check passes, sticky comment names them',
    async (role) => {
      kit.github.permissions.alice = role;
      await openThenLabel('alice');
      expectSecurityApproved('alice');
      expect(refusals()).toEqual([]);
      expect(kit.logs).toContain(
        `info Codertocat/Hello-World#2: security approved by @alice (label) on ${HEAD.slice(0, 7)}`,
      );
    },
  );

  it.each([
    {
      who: 'a writer',
      sender: 'walter',
      role: 'write' as const,
      why: '@walter has write permission on this repository; the gate needs maintain or higher',
    },
    {
      who: 'the PR author (an admin)',
      sender: AUTHOR,
      role: 'admin' as const,
      why: '@Codertocat opened this pull request, and the gate does not let authors approve their own change',
    },
  ])(
    'a forged approval by $who is taken off again, with a comment saying who may approve',
    async ({ sender, role, why }) => {
      kit.github.permissions[sender] = role;
      await openThenLabel(sender);
      expect(kit.github.writesTo('DELETE', /\/issues\/2\/labels\/approved:security$/)).toHaveLength(1);
      expectSecurityPending();
      const [comment, ...more] = refusals();
      expect(more).toEqual([]);
      expect(comment!.body).toContain(
        `@${sender}, the \`approved:security\` label was taken off again: ${why}.`,
      );
      expect(comment!.body).toContain(`Who may approve the security gate: ${SECURITY_WHO}.`);
      expect(sticky().gatesRow).toBe('security: needed');
    },
  );
});

describe('other changes to the gate labels', () => {
  async function approveThenUnlabel(sender: string): Promise<void> {
    kit.github.permissions.alice = 'maintain';
    await openThenLabel('alice');
    await securityLabel('unlabeled', sender);
  }

  it('an approver taking approved:security off withdraws the approval', async () => {
    await approveThenUnlabel('alice');
    expectSecurityPending();
    expect(sticky().gatesRow).toBe('security: needed');
  });

  it('someone who may not approve taking it off: the approval stays and the label is put back', async () => {
    kit.github.permissions.walter = 'write';
    await approveThenUnlabel('walter');
    expectSecurityApproved('alice');
  });

  it('approved:security on a change that does not need the gate is taken off, saying why', async () => {
    kit.github.permissions.alice = 'maintain';
    await kit.receive('pull_request', pullRequestPayload('opened'), 'open-1');
    await securityLabel('labeled', 'alice');
    expect(kit.github.labels).toEqual([]);
    expect(refusals()[0]!.body).toContain(
      "@alice, this change does not need the security gate (none of its files match the gate's paths), so `approved:security` was taken off again.",
    );
    expect(gateCheck().conclusion).toBe('success');
  });
});

describe('team approvers', () => {
  const teamConfig = 'version: 1\ngates:\n  security:\n    approvers:\n      teams: [Codertocat/security]\n';

  it('a member of the configured team approves', async () => {
    kit.github.config = teamConfig;
    kit.github.permissions.tess = 'maintain';
    kit.github.teams['Codertocat/security'] = ['tess'];
    await openThenLabel('tess');
    expectSecurityApproved('tess');
  });

  it('a maintainer outside the team is refused, and told the team may approve', async () => {
    kit.github.config = teamConfig;
    kit.github.permissions.mo = 'admin';
    kit.github.teams['Codertocat/security'] = ['tess'];
    await openThenLabel('mo');
    expectSecurityPending(
      HEAD,
      "members of @Codertocat/security, with maintain permission or higher (not the pull request's author)",
    );
    expect(refusals()[0]!.body).toContain('@mo is not a member of @Codertocat/security');
  });
});

describe("approvals are tied to the gate's files", () => {
  async function approveThenPush(blob: string): Promise<void> {
    kit.github.permissions.alice = 'maintain';
    await openThenLabel('alice');
    expectSecurityApproved('alice');
    kit.github.headSha = NEW_HEAD;
    kit.github.files = securityChange(blob);
    await kit.receive(
      'pull_request',
      pullRequestPayload('synchronize', { head: NEW_HEAD, labels: [...kit.github.labels] }),
      'push-1',
    );
  }

  it('a push that changes a security file asks for the approval again', async () => {
    await approveThenPush('d'.repeat(40));
    expectSecurityPending(NEW_HEAD);
    expect(gateCheck(NEW_HEAD).output.summary).toContain(
      `@alice approved it on ${HEAD.slice(0, 7)}, but the gate's files changed since`,
    );
    expect(sticky().gatesRow).toBe('security: needed');
  });

  it('a rebase that leaves the security files alone (same blobs) keeps the approval', async () => {
    await approveThenPush('a'.repeat(40));
    expectSecurityApproved('alice', NEW_HEAD);
    expect(gateCheck(NEW_HEAD).output.summary).toContain(
      "on an earlier commit; the gate's files are unchanged since",
    );
  });

  it('with invalidate_on_push: false, a push changing the files keeps the approval', async () => {
    kit.github.config = 'version: 1\ngates:\n  security:\n    invalidate_on_push: false\n';
    await approveThenPush('d'.repeat(40));
    expectSecurityApproved('alice', NEW_HEAD);
    expect(gateCheck(NEW_HEAD).output.summary).toContain(
      "kept although the gate's files changed (invalidate_on_push: false)",
    );
  });
});

describe('the sticky comment is not trusted when edited by hand', () => {
  const BLOCK = /<!-- closed-loop:app-state v1 ([A-Za-z0-9+/=]+)\.([0-9a-f]+) -->/;
  const approval = {
    gate: 'security',
    by: 'alice',
    at: '2024-01-01T00:00:00.000Z',
    head_sha: HEAD,
    via: 'label',
  };

  /**
   * Opens a security PR (security pending), lets `edit` change the sticky comment, then delivers a
   * synchronize on the same head.
   */
  async function editThenRefresh(edit: (body: string, fingerprint: string) => string): Promise<void> {
    kit.github.files = securityChange();
    kit.github.permissions.alice = 'maintain';
    // Approve for real once, to learn the fingerprint a valid approval carries, then withdraw it.
    await openThenLabel('alice');
    const signed = BLOCK.exec(sticky().body)!;
    const fingerprint = (
      JSON.parse(Buffer.from(signed[1]!, 'base64').toString('utf8')) as {
        gates: { approvals: { fingerprint: string }[] };
      }
    ).gates.approvals[0]!.fingerprint;
    await securityLabel('unlabeled', 'alice');
    expectSecurityPending();
    const comment = kit.github.botComments(STICKY)[0]!;
    const edited = edit(comment.body, fingerprint);
    expect(edited, 'the edit changed the comment').not.toBe(comment.body);
    kit.github.editAs(comment, edited); // who edited is beside the point here: the signature decides
    kit.logs.length = 0;
    await kit.receive(
      'pull_request',
      pullRequestPayload('synchronize', { labels: [...kit.github.labels] }),
      'push-1',
    );
  }

  const stateWith = (fingerprint: string) =>
    Buffer.from(
      JSON.stringify({
        version: 1,
        gates: { version: 1, approvals: [{ ...approval, fingerprint }], skips: [] },
        resumed: null,
      }),
    ).toString('base64');

  it.each([
    {
      how: 'an approval swapped into the block, signature kept',
      edit: (body: string, fp: string) =>
        body.replace(
          BLOCK,
          (_m, _p, sig: string) => `<!-- closed-loop:app-state v1 ${stateWith(fp)}.${sig} -->`,
        ),
    },
    {
      how: 'an approval signed with a guessed secret',
      edit: (body: string, fp: string) =>
        body.replace(
          BLOCK,
          () =>
            `<!-- closed-loop:app-state v1 ${stateWith(fp)}.${createHmac('sha256', 'guess')
              .update(`app-state\n${stateWith(fp)}`)
              .digest('hex')} -->`,
        ),
    },
  ])('$how: the approval does not count, and a warn line says so', async ({ edit }) => {
    await editThenRefresh(edit);
    expectSecurityPending();
    expect(sticky().gatesRow).toBe('security: needed');
    expect(kit.logs).toContain(
      'warn Codertocat/Hello-World#2: the gate state in the loop comment was not used: its signature does not match (edited by hand, or the webhook secret changed); approvals must be given again',
    );
  });

  it('an approval typed into the Gates row does not count', async () => {
    await editThenRefresh((body) =>
      body.replace('| Gates | security: needed |', '| Gates | security: approved by @alice |'),
    );
    expectSecurityPending();
    expect(sticky().gatesRow).toBe('security: needed');
  });

  it("the same block signed with the App's secret does count (the edits above fail for their edit alone)", async () => {
    await editThenRefresh((body, fp) =>
      body.replace(
        BLOCK,
        () =>
          `<!-- closed-loop:app-state v1 ${stateWith(fp)}.${createHmac('sha256', STATE_SECRET)
            .update(`app-state\n${stateWith(fp)}`)
            .digest('hex')} -->`,
      ),
    );
    expectSecurityApproved('alice');
    expect(kit.logs.filter((l) => l.startsWith('warn'))).toEqual([]);
  });
});

describe('an earlier body of the sticky comment put back from its edit history', () => {
  it('does not bring back an approval withdrawn since: the App did not make the last edit, so its state is not trusted', async () => {
    kit.github.permissions.alice = 'maintain';
    await openThenLabel('alice');
    const approved = sticky().body; // validly signed by the App, holding alice's approval
    await securityLabel('unlabeled', 'alice');
    expectSecurityPending();
    const comment = kit.github.botComments(STICKY)[0]!;
    kit.github.editAs(comment, approved, 'mallory'); // mallory (write access) restores the earlier version
    kit.logs.length = 0;

    await kit.receive(
      'pull_request',
      pullRequestPayload('synchronize', { labels: [...kit.github.labels] }),
      'push-1',
    );

    expectSecurityPending();
    expect(sticky().gatesRow).toBe('security: needed');
    expect(kit.logs).toContain(
      'warn Codertocat/Hello-World#2: the loop comment was last edited by @mallory, not the App, so its gate state is not trusted; approvals must be given again',
    );
    expect(kit.github.commentEditors.get(comment.id)).toBe('closed-loop'); // the App wrote it back
  });

  it("the App's own last edit is known: who edited the comment is not asked", async () => {
    kit.github.permissions.alice = 'maintain';
    await openThenLabel('alice');
    const asked = kit.github.editorQueries.length;
    await kit.receive(
      'pull_request',
      pullRequestPayload('synchronize', { labels: [...kit.github.labels] }),
      'push-1',
    );
    expectSecurityApproved('alice');
    expect(kit.github.editorQueries.length).toBe(asked);
  });

  it('when GitHub cannot say who edited it (GraphQL down), the approvals fail closed: not used, and a warn line says so; the rest of the state is kept', async () => {
    kit.github.permissions.alice = 'maintain';
    await openThenLabel('alice');
    await kit.receive('issue_comment', commentPayload('/close-loop apply off', { sender: 'alice' }), 'off');
    expect(sticky().body).toContain('(`apply off` by @alice)');
    await kit.restart(); // a restarted App (or another instance) does not know its last write: it asks
    kit.github.failures.set('POST /graphql', { status: 502, message: 'Bad Gateway' });
    kit.logs.length = 0;
    await kit.receive(
      'pull_request',
      pullRequestPayload('synchronize', { labels: [...kit.github.labels] }),
      'push-1',
    );
    expectSecurityPending();
    expect(sticky().gatesRow).toBe('security: needed');
    expect(sticky().body).toContain('(`apply off` by @alice)');
    expect(kit.logs.filter((l) => l.startsWith('warn'))).toEqual([
      expect.stringMatching(
        /^warn Codertocat\/Hello-World#2: could not read who last edited the loop comment \(.*Bad Gateway.*\), so its approvals cannot be told from ones put back from its edit history: they are not used; approvals must be given again$/,
      ),
    ]);
  });
});

describe("only the App's own comment holds the state", () => {
  it("a person's comment replaying an earlier signed sticky body is ignored: the approval stands, their comment is left alone", async () => {
    kit.github.permissions.alice = 'maintain';
    await openSecurityPr();
    const pending = sticky().body; // validly signed by the App: security not yet approved
    await securityLabel('labeled', 'alice');
    kit.github.comments.unshift({
      id: 1,
      body: pending,
      user: 'mallory',
      created_at: '2000-01-01T00:00:00Z',
    });
    kit.logs.length = 0;
    await kit.receive(
      'pull_request',
      pullRequestPayload('synchronize', { labels: [...kit.github.labels] }),
      'push-1',
    );
    expectSecurityApproved('alice');
    expect(kit.github.comments.find((c) => c.id === 1)!.body).toBe(pending);
    expect(kit.logs.filter((l) => l.startsWith('warn'))).toEqual([]);
  });
});

describe('the config', () => {
  it("is read from the default branch only: the PR's own copy cannot switch its gate off", async () => {
    kit.github.files = [...securityChange(), changed('.github/closed-loop.yml', 'e'.repeat(40))];
    kit.github.contents['.github/closed-loop.yml'] = 'version: 1\ngates:\n  security:\n    paths: []\n'; // at the PR's head
    kit.github.config = 'version: 1\ngates:\n  security:\n    approvers:\n      min_permission: admin\n'; // on master
    await kit.receive('pull_request', pullRequestPayload('opened'));
    expect(kit.github.labels).toContain('needs:security-review');
    expect(gateCheck().output.summary).toContain(
      "security approval from people with admin permission (not the pull request's author)",
    );
  });

  it('an invalid config fails the check with the located message, and nothing crashes', async () => {
    kit.github.files = securityChange();
    kit.github.config = 'version: 1\nretry: { max_retry: 3 }\n';
    await kit.receive('pull_request', pullRequestPayload('opened'));
    const run = gateCheck();
    expect(run).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(run.output.title).toBe('Invalid closed-loop config');
    const located =
      'Codertocat/Hello-World:.github/closed-loop.yml@master:2:10: retry.max_retry: unknown key; did you mean "max_retries"?';
    expect(run.output.summary).toContain(located);
    expect(kit.github.labels).toEqual([]);
    expect(kit.github.botComments(STICKY)).toEqual([]);
    expect(kit.logs).toContain(`warn Codertocat/Hello-World#2: ${located}`);
    expect(kit.logs.some((l) => l.startsWith('error'))).toBe(false);
  });
});

describe('deliveries', () => {
  it('the same pull_request.opened delivered twice: the second makes no writes, one sticky comment', async () => {
    kit.github.files = securityChange();
    await kit.receive('pull_request', pullRequestPayload('opened'), 'same');
    const writes = kit.github.writes.length;
    expect(writes).toBeGreaterThan(0);
    await kit.receive('pull_request', pullRequestPayload('opened'), 'same'); // a redelivery carries the first payload
    expect(kit.github.labels).toEqual(['needs:security-review']);
    expect(kit.github.writes).toHaveLength(writes);
    sticky();
    expect(ownChecks()).toHaveLength(1);
  });

  it("an older push's synchronize arriving after a newer one changes nothing", async () => {
    kit.github.files = securityChange();
    const newer = 'f'.repeat(40);
    kit.github.headSha = newer;
    await kit.receive('pull_request', pullRequestPayload('synchronize', { head: newer }), 'newer');
    const writes = kit.github.writes.length;
    await kit.receive('pull_request', pullRequestPayload('synchronize', { head: HEAD }), 'older');
    expect(kit.github.writes).toHaveLength(writes);
    expect(ownChecks().map((c) => c.head_sha)).toEqual([newer]);
    expect(kit.logs).toContain(
      `info Codertocat/Hello-World#2: delivery for ${HEAD.slice(0, 7)}, but the pull request is at fffffff; its own delivery shows it`,
    );
  });

  it('GitHub refusing the check run: a warn line naming the permission, the delivery does not throw', async () => {
    kit.github.files = securityChange();
    kit.github.failures.set(`POST ${REPO_PATH}/check-runs`, {
      status: 403,
      message: 'Resource not accessible by integration',
    });
    await expect(kit.receive('pull_request', pullRequestPayload('opened'))).resolves.toBeUndefined();
    const warn = kit.logs.find((l) =>
      l.startsWith('warn pull_request.opened (delivery delivery-1): GitHub said no:'),
    );
    expect(warn).toContain('403: Resource not accessible by integration');
    expect(warn).toContain('`checks: write`');
    expect(kit.logs.some((l) => l.startsWith('error'))).toBe(false);
  });
});
