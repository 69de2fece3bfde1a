import { chmodSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeResultFiles } from '../../src/action/write-result-files.js';
import type { LoopResult } from '../../src/core/loop-result.js';
import { aLoopResult } from '../core/pull-request/builders.js';
import { git, tempRepos, writeFiles } from '../helpers/temp-repo.js';

export const BASE_FILES = {
  'README.md': 'shop\n',
  'bin/run.sh': '#!/bin/sh\necho run\n',
  'src/cart.js': 'var total = 0;\nexport function add(x) {\n  total += x;\n  return total;\n}\n',
  'src/legacy.js': 'export const old = 1;\n',
};

/** What the two fix commits leave in the files they change or add. */
export const FIXED_FILES = {
  'bin/run.sh': '#!/bin/sh\necho run\necho done\n',
  'src/cart.js':
    'let total = 0;\nexport function add(x) {\n  total += x;\n  return total; // running sum\n}\n',
  'src/util/sum.js': 'export const sum = (xs) => xs.reduce((a, b) => a + b, 0);\n',
};

export interface FixRepo {
  dir: string;
  /** The head CI evaluated, and the last fix commit. */
  start: string;
  end: string;
  result: LoopResult;
  /** result.json and fix.patch exactly as the Action writes them (src/action/write-result-files.ts). */
  resultJson: string;
  patch: string;
}

/**
 * A real repository (bin/run.sh executable) and two real fix commits on top: the first changes
 * src/cart.js and bin/run.sh and deletes src/legacy.js, the second adds src/util/sum.js and changes
 * src/cart.js again. The files the Action uploads are made by the Action's own code.
 */
export function fixRepos(): () => Promise<FixRepo> {
  const repos = tempRepos();
  return async () => {
    const dir = repos(BASE_FILES);
    chmodSync(join(dir, 'bin/run.sh'), 0o755);
    git(dir, 'commit', '-q', '-a', '-m', 'make run.sh executable');
    const start = git(dir, 'rev-parse', 'HEAD');
    writeFiles(dir, {
      'src/cart.js': BASE_FILES['src/cart.js'].replace('var', 'let'),
      'bin/run.sh': FIXED_FILES['bin/run.sh'],
    });
    git(dir, 'rm', '-q', 'src/legacy.js');
    git(dir, 'commit', '-q', '-a', '-m', 'fix(lint): no-var', '-m', 'Closed-Loop-Strategy: auto_fix');
    const first = git(dir, 'rev-parse', 'HEAD');
    writeFiles(dir, {
      'src/util/sum.js': FIXED_FILES['src/util/sum.js'],
      'src/cart.js': FIXED_FILES['src/cart.js'],
    });
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'fix(lint): sum helper', '-m', 'Closed-Loop-Strategy: auto_fix');
    const end = git(dir, 'rev-parse', 'HEAD');
    const result = aLoopResult({
      head: { start, end },
      fix_commits: [
        { sha: first, attempt: 1, strategy: 'auto_fix', pattern: 'lint-error' },
        { sha: end, attempt: 2, strategy: 'auto_fix', pattern: 'lint-error' },
      ],
      files_modified: ['src/cart.js', 'bin/run.sh', 'src/legacy.js', 'src/util/sum.js'],
    });
    const files = await writeResultFiles(result, dir, join(dir, '.closed-loop-out'), null);
    if (files.patchText === null) throw new Error('writeResultFiles wrote no fix.patch');
    return {
      dir,
      start,
      end,
      result,
      resultJson: readFileSync(files.result, 'utf8'),
      patch: files.patchText,
    };
  };
}
