import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { BASE_FILES, fixRepos, type FixRepo } from '../github/fix-patch-kit.js';
import { git, writeFiles } from '../helpers/temp-repo.js';
import { useApp } from './app-kit.js';
import { workflowRunPayload } from './payloads.js';

/**
 * A Dependabot pull request: its CI runs with a read-only token, so the Action can only report (in
 * its job and the `closed-loop-result` artifact); the App commits the verified fix with its own
 * installation token, under the same loop guard and VALIDATE gates as any pull request.
 */
const kit = useApp();
const makeFix = fixRepos();
const RUN = 30433642;
const NOTICE = '<!-- closed-loop:fix -->';
const DEPENDABOT = 'dependabot[bot]';

async function dependabotRun(files?: (fix: FixRepo) => Record<string, string>): Promise<FixRepo> {
  const fix = await makeFix();
  kit.github.git = fix.dir;
  kit.github.headSha = kit.github.branchHead = fix.start;
  kit.github.author = DEPENDABOT;
  const zip = files ? files(fix) : { 'result.json': fix.resultJson, 'fix.patch': fix.patch };
  kit.github.artifacts.set(
    RUN,
    zipSync(Object.fromEntries(Object.entries(zip).map(([name, text]) => [name, strToU8(text)]))),
  );
  return fix;
}
const notice = (): string => kit.github.botComments(NOTICE)[0]?.body ?? '';

describe('a Dependabot pull request, in App mode', () => {
  it('gets the verified fix committed by the App with its own token', async () => {
    const fix = await dependabotRun();
    await kit.receive('workflow_run', workflowRunPayload({ head: fix.start, conclusion: 'failure' }));
    const committed = kit.github.branchHead;
    expect(committed).not.toBe(fix.start);
    expect(git(fix.dir, 'rev-parse', `${committed}^{tree}`)).toBe(
      git(fix.dir, 'rev-parse', `${fix.end}^{tree}`),
    );
    expect(notice()).toContain(`closed-loop committed the fix from [run ${RUN}]`);
  });

  it('still stops at the loop guard', async () => {
    const fix = await dependabotRun();
    kit.github.branchMessages = [1, 2, 3].map((n) => `fix ${n}\n\nClosed-Loop-Strategy: auto_fix`);
    await kit.receive('workflow_run', workflowRunPayload({ head: fix.start, conclusion: 'failure' }));
    expect(kit.github.branchHead).toBe(fix.start);
    expect(notice()).toMatch(/already ends in 3 of the loop's own commits/);
  });

  it('still refuses a fix that weakens a check', async () => {
    const fix = await dependabotRun((f) => {
      git(f.dir, 'checkout', '-q', f.start);
      writeFiles(f.dir, { 'src/cart.js': `// @ts-nocheck\n${BASE_FILES['src/cart.js']}` });
      git(f.dir, 'commit', '-q', '-a', '-m', 'fix(types): quiet', '-m', 'Closed-Loop-Strategy: auto_fix');
      return {
        'result.json': f.resultJson,
        'fix.patch': git(f.dir, 'format-patch', '--stdout', `${f.start}..HEAD`) + '\n',
      };
    });
    await kit.receive('workflow_run', workflowRunPayload({ head: fix.start, conclusion: 'failure' }));
    expect(kit.github.branchHead).toBe(fix.start);
    expect(kit.github.writesTo('POST', /\/git\//)).toEqual([]);
    expect(notice()).toMatch(
      /`src\/cart\.js`: adds @ts-ignore, @ts-expect-error or @ts-nocheck \[ts-ignore\]: line 1: `\/\/ @ts-nocheck`/,
    );
  });
});
