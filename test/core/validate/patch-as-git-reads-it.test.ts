import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validatePatch } from '../../../src/core/validate/validate-patch.js';
import { git, tempRepos } from '../../helpers/temp-repo.js';
import { fixRepos } from '../../github/fix-patch-kit.js';

const limits = { maxBytes: 1024 * 1024, maxFiles: 50 };
const repos = tempRepos();
const makeFix = fixRepos();

/** The paths `git apply` would write for `patch`, as git reads it (`--numstat`; nothing is changed). */
function gitReads(dir: string, patch: string): string[] {
  const file = join(dir, '..', `${Date.now()}-${Math.random()}.patch`);
  writeFileSync(file, patch);
  const out = execFileSync('git', ['apply', '--numstat', '-z', file], { cwd: dir, encoding: 'utf8' });
  const paths = out.split('\0').map((entry) => entry.split('\t').at(-1) ?? '');
  return [...new Set(paths.filter(Boolean))].sort();
}

const WORKFLOW = [
  'diff --git a/.github/workflows/x.yml b/.github/workflows/x.yml',
  'new file mode 100644',
  '--- /dev/null',
  '+++ b/.github/workflows/x.yml',
  '@@ -0,0 +1 @@',
  '+on: push',
].join('\n');

/** A one-commit `git format-patch` mail whose commit message holds `message`, changing a.txt. */
function mail(message: string): { dir: string; patch: string } {
  const dir = repos({ 'a.txt': 'a\n' });
  writeFileSync(join(dir, 'a.txt'), 'b\n');
  git(dir, 'commit', '-qam', message);
  const patch = `${git(dir, 'format-patch', '--stdout', '-1')}\n`;
  git(dir, 'reset', '-q', '--hard', 'HEAD~1');
  return { dir, patch };
}

describe('validatePatch reads a patch as git does', () => {
  it('the fix.patch the Action writes: the files it names are exactly those git applies', async () => {
    const fix = await makeFix();
    const validation = validatePatch(fix.patch, limits);
    expect(validation.ok).toBe(true);
    const ours = new Set(validation.ok ? validation.changes.flatMap((c) => [c.oldPath, c.newPath]) : []);
    ours.delete(null);
    expect([...ours].sort()).toEqual(gitReads(join(fix.dir), fix.patch));
  });

  it('a mail hiding a workflow diff in its message: git would create the workflow, so it is refused', () => {
    const { dir, patch } = mail(`fix a\n\n${WORKFLOW}`);
    expect(gitReads(dir, patch)).toEqual(['.github/workflows/x.yml', 'a.txt']);
    expect(validatePatch(patch, limits)).toMatchObject({
      ok: false,
      why: expect.stringContaining('git would apply what follows it'),
    });
  });

  it.each([
    ['a symlink mode with a trailing space', 'new file mode 120000 ', 'a symlink'],
    [
      'a submodule mode in an index line with a trailing tab',
      'index 0000000..1234567 160000\t',
      'a submodule',
    ],
  ])('%s is normalised as git does, and refused', (_, header, what) => {
    const patch = [
      'diff --git a/link b/link',
      ...(header.startsWith('new') ? [header, 'index 0000000..1234567'] : ['new file mode 100644', header]),
      '--- /dev/null',
      '+++ b/link',
      '@@ -0,0 +1 @@',
      '+/etc/passwd',
      '',
    ].join('\n');
    expect(validatePatch(patch, limits)).toEqual({
      ok: false,
      why: `the patch touches ${what}; the loop changes regular files only`,
    });
  });

  it('a header line the parser does not know, and a diff after the last mail, are refused', () => {
    const odd = [
      'diff --git a/a.txt b/a.txt',
      'old mode 100644 junk',
      '--- a/a.txt',
      '+++ b/a.txt',
      '@@ -1 +1 @@',
      '-a',
      '+b',
      '',
    ];
    expect(validatePatch(odd.join('\n'), limits)).toMatchObject({
      ok: false,
      why: expect.stringContaining('a header line git would read but closed-loop does not'),
    });
    const { dir, patch } = mail('fix a');
    const trailing = `${patch}${WORKFLOW}\n`;
    expect(gitReads(dir, trailing)).toContain('.github/workflows/x.yml');
    expect(validatePatch(trailing, limits).ok).toBe(false);
  });
});
