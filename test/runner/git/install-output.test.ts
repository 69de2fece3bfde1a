import { describe, expect, it } from 'vitest';
import { committable, isInstallOutput } from '../../../src/runner/git/install-output.js';

describe('install output never goes into a fix commit', () => {
  it('knows where npm, pnpm, yarn, a virtualenv and Python write', () => {
    for (const path of [
      'node_modules/ms/index.js',
      'packages/core/node_modules/.bin/semver',
      '.venv/lib/python3.11/site-packages/humanize/__init__.py',
      'src/clock/__pycache__/format.cpython-311.pyc',
      'src/clock.egg-info/PKG-INFO',
      'app.pyc',
      '.turbo/cache/abc.tar.zst',
    ])
      expect(isInstallOutput(path), path).toBe(true);
    for (const path of ['package.json', 'package-lock.json', 'src/node_modules.ts', 'venv.md', 'src/a.py'])
      expect(isInstallOutput(path), path).toBe(false);
  });

  it('keeps the declaration and the lockfile, and a vendored file already tracked', () => {
    expect(
      committable([
        { path: 'node_modules/ms/index.js', status: 'added' },
        { path: 'package.json', status: 'modified' },
        { path: 'package-lock.json', status: 'added' },
        { path: 'vendor/node_modules/left-pad/index.js', status: 'modified' },
      ]),
    ).toEqual(['package.json', 'package-lock.json', 'vendor/node_modules/left-pad/index.js']);
  });
});
