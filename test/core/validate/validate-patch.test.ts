import { chmodSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validatePatch } from '../../../src/core/validate/validate-patch.js';
import { git, tempRepos, writeFiles } from '../../helpers/temp-repo.js';
import { fixRepos } from '../../github/fix-patch-kit.js';

const limits = { maxBytes: 1024 * 1024, maxFiles: 50 };
const repos = tempRepos();
const makeFix = fixRepos();

/** `git diff` (of the working tree, staged) after `change` runs in a fresh repository. */
function gitDiff(files: Record<string, string>, change: (dir: string) => void): string {
  const dir = repos(files);
  change(dir);
  git(dir, 'add', '-A');
  return `${git(dir, '-c', 'core.quotePath=false', 'diff', '--cached', '--binary')}\n`;
}

const section = (from: string, to: string, body = '@@ -1 +1 @@\n-a\n+b\n') =>
  `diff --git a/${from} b/${to}\n--- a/${from}\n+++ b/${to}\n${body}`;

describe('validatePatch', () => {
  it('accepts the fix.patch the Action writes (two format-patch mails) and says what it does to each file', async () => {
    const fix = await makeFix();
    const validation = validatePatch(fix.patch, limits);
    expect(validation).toMatchObject({ ok: true });
    expect(validation.ok && validation.files).toEqual([
      { path: 'bin/run.sh', status: 'modified' },
      { path: 'src/cart.js', status: 'modified' },
      { path: 'src/legacy.js', status: 'deleted' },
      { path: 'src/util/sum.js', status: 'added' },
    ]);
    expect(validation.ok && validation.changes.map((c) => `${c.kind} ${c.newPath ?? c.oldPath}`)).toEqual([
      'modify bin/run.sh',
      'modify src/cart.js',
      'delete src/legacy.js',
      'modify src/cart.js',
      'add src/util/sum.js',
    ]);
  });

  it('accepts plain `git diff` output, renames included', () => {
    const patch = gitDiff({ 'a.txt': 'one\ntwo\nthree\nfour\n' }, (dir) => {
      git(dir, 'mv', 'a.txt', 'b.txt');
      writeFiles(dir, { 'b.txt': 'one\ntwo\nthree\nfour\nfive\n', 'new file.txt': 'x\n' });
    });
    expect(validatePatch(patch, limits)).toMatchObject({
      ok: true,
      files: [
        { path: 'a.txt', status: 'deleted' },
        { path: 'b.txt', status: 'added' },
        { path: 'new file.txt', status: 'added' },
      ],
    });
  });

  it('leaves out a file the patch adds and deletes again, and keeps "added" for one it adds then changes', () => {
    const add = (p: string) =>
      `diff --git a/${p} b/${p}\nnew file mode 100644\n--- /dev/null\n+++ b/${p}\n@@ -0,0 +1 @@\n+a\n`;
    const del = (p: string) =>
      `diff --git a/${p} b/${p}\ndeleted file mode 100644\n--- a/${p}\n+++ /dev/null\n@@ -1 +0,0 @@\n-a\n`;
    expect(
      validatePatch(add('tmp.txt') + del('tmp.txt') + add('x.txt') + section('x.txt', 'x.txt'), limits),
    ).toMatchObject({ ok: true, files: [{ path: 'x.txt', status: 'added' }] });
    expect(validatePatch(del('x.txt') + section('x.txt', 'x.txt'), limits)).toEqual({
      ok: false,
      why: 'the patch changes x.txt where an earlier part of it deleted it',
    });
  });

  it.each([
    ['a workflow', section('.github/workflows/ci.yml', '.github/workflows/ci.yml')],
    ['.github in another case', section('.GitHub/CODEOWNERS', '.GitHub/CODEOWNERS')],
    [
      'a rename out of .github/',
      `diff --git a/.github/x.yml b/x.yml\nsimilarity index 100%\nrename from .github/x.yml\nrename to x.yml\n`,
    ],
    [
      'a rename into .github/',
      `diff --git a/x.yml b/.github/x.yml\nsimilarity index 100%\nrename from x.yml\nrename to .github/x.yml\n`,
    ],
  ])('refuses %s', (_name, patch) => {
    const validation = validatePatch(patch, limits);
    expect(validation.ok).toBe(false);
    expect(!validation.ok && validation.why).toMatch(
      /the patch touches ".github\/[^"]*"|the patch touches ".GitHub\/CODEOWNERS": it is under .github\//i,
    );
  });

  it.each([
    [
      'a parent directory',
      section('../etc/passwd', '../etc/passwd'),
      'the patch touches "../etc/passwd": it holds `..`, `.` or an empty segment',
    ],
    [
      '.. inside the path',
      section('src/../../x', 'src/../../x'),
      'the patch touches "src/../../x": it holds `..`, `.` or an empty segment',
    ],
    [
      'an absolute path',
      'diff --git a//etc/x b//etc/x\n--- a//etc/x\n+++ b//etc/x\n@@ -1 +1 @@\n-a\n+b\n',
      'the patch touches "/etc/x": it is absolute',
    ],
    ['.git', section('.git/config', '.git/config'), 'the patch touches ".git/config": it is inside .git'],
    ['something not a patch', 'hello\n', 'the patch is neither `git format-patch` nor `git diff` output'],
    [
      'a diff without git prefixes',
      section('x', 'y').replace('a/x b/y', 'x y').replace('--- a/x', '--- x').replace('+++ b/y', '+++ y'),
      "the patch cannot be read: a diff section names x → y, without git's a/ and b/ prefixes",
    ],
    [
      'a hunk cut short',
      'diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1,3 +1,3 @@\n-a\n+b\n',
      'the patch cannot be parsed: Hunk at line 4 contained invalid line',
    ],
  ])('refuses %s', (_name, patch, why) => {
    expect(validatePatch(patch, limits)).toEqual({ ok: false, why });
  });

  it('refuses a binary file, which jsdiff would read as an empty change', () => {
    const patch = gitDiff({ 'a.txt': 'a\n' }, (dir) => writeFiles(dir, { 'logo.png': '\u0000\u0001PNG' }));
    expect(patch).toContain('GIT binary patch');
    expect(validatePatch(patch, limits)).toEqual({
      ok: false,
      why: 'the patch changes a binary file; the loop commits text changes only',
    });
  });

  it('refuses a mode change', () => {
    const patch = gitDiff({ 'run.sh': 'echo\n' }, (dir) => chmodSync(join(dir, 'run.sh'), 0o755));
    expect(validatePatch(patch, limits)).toEqual({
      ok: false,
      why: 'the patch changes the mode of run.sh (100644 → 100755); the loop never changes file modes',
    });
  });

  it('refuses a symlink', () => {
    const patch = gitDiff({ 'a.txt': 'a\n' }, (dir) => symlinkSync('/etc/passwd', join(dir, 'link')));
    expect(validatePatch(patch, limits)).toEqual({
      ok: false,
      why: 'the patch touches a symlink; the loop changes regular files only',
    });
  });

  it('accepts a new executable file (a mode is given, not changed)', () => {
    const patch = gitDiff({ 'a.txt': 'a\n' }, (dir) => {
      writeFiles(dir, { 'run.sh': 'echo\n' });
      chmodSync(join(dir, 'run.sh'), 0o755);
    });
    expect(validatePatch(patch, limits)).toMatchObject({
      ok: true,
      changes: [{ kind: 'add', newPath: 'run.sh', newMode: '100755' }],
    });
  });

  it('refuses a patch over the byte cap and over the file cap', async () => {
    const fix = await makeFix();
    const bytes = new TextEncoder().encode(fix.patch).length;
    expect(validatePatch(fix.patch, { maxBytes: bytes - 1, maxFiles: 50 })).toEqual({
      ok: false,
      why: `the patch is ${bytes} bytes; the cap is ${bytes - 1}`,
    });
    expect(validatePatch(fix.patch, { maxBytes: bytes, maxFiles: 3 })).toEqual({
      ok: false,
      why: 'the patch touches 4 files; at most 3 are allowed',
    });
    expect(validatePatch(fix.patch, { maxBytes: bytes, maxFiles: 4 }).ok).toBe(true);
  });

  it('refuses a mail whose message quotes a diff: git am and git apply would apply it too', async () => {
    const fix = await makeFix();
    const quoted = fix.patch.replace(
      'Closed-Loop-Strategy: auto_fix\n',
      'Closed-Loop-Strategy: auto_fix\n\ndiff --git a/.github/x b/.github/x\n--- a/.github/x\n',
    );
    expect(quoted).not.toBe(fix.patch);
    expect(validatePatch(quoted, limits)).toEqual({
      ok: false,
      why: 'a mail of the patch holds "diff --git a/.github/x b/.github/x" before its diffs (in its message or headers); git would apply what follows it, so the patch is refused',
    });
  });
});
