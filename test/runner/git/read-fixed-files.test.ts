import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFixedFiles } from '../../../src/runner/git/read-fixed-files.js';
import { git, tempRepos, writeFiles } from '../../helpers/temp-repo.js';

const repo = tempRepos();

describe('readFixedFiles: what a review of suggested changes may carry of the fix commits', () => {
  it('text files before and after; a new and a deleted file with null; .github/ and binary files apart', async () => {
    const dir = repo({
      'src/a.js': 'var a = 1;\n',
      'src/gone.js': 'x\n',
      '.github/workflows/ci.yml': 'on:  push\n',
    });
    const from = git(dir, 'rev-parse', 'HEAD');
    writeFiles(dir, {
      'src/a.js': 'const a = 1;\n',
      'src/new.js': 'export {};\n',
      '.github/workflows/ci.yml': 'on: push\n',
    });
    writeFileSync(join(dir, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]));
    git(dir, 'rm', '-q', 'src/gone.js');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'closed-loop: auto_fix');
    const to = git(dir, 'rev-parse', 'HEAD');

    const fixed = await readFixedFiles(dir, from, to);

    expect(fixed.files).toEqual([
      { path: 'src/a.js', before: 'var a = 1;\n', after: 'const a = 1;\n' },
      { path: 'src/gone.js', before: 'x\n', after: null },
      { path: 'src/new.js', before: null, after: 'export {};\n' },
    ]);
    expect(fixed.uncarried).toEqual([
      { path: '.github/workflows/ci.yml', why: 'under .github/, which the loop never changes' },
      { path: 'logo.png', why: 'a binary file' },
    ]);
  });
});
