import { describe, expect, it } from 'vitest';
import { resolveGoImportDir } from '../../../src/core/regression/resolve-go-import.js';
import { resolveJsSpecifier } from '../../../src/core/regression/resolve-js-specifier.js';
import { pythonRoots, resolvePythonImport } from '../../../src/core/regression/resolve-python-import.js';

const jsFiles = new Set([
  'src/a.ts',
  'src/b.tsx',
  'src/lib/index.ts',
  'src/util.mts',
  'src/plain.js',
  'src/deep/c.ts',
  'types/g.d.ts',
  'index.ts',
]);
const ts = {
  baseUrl: null,
  paths: { '@/*': ['src/*'], '@lib': ['src/lib/index.ts'], '#*': ['nowhere/*', 'src/deep/*'] },
  pathsBase: '',
};

describe('resolveJsSpecifier', () => {
  it.each([
    ['src/deep/c.ts', '../a.js', 'src/a.ts'],
    ['src/deep/c.ts', '../a', 'src/a.ts'],
    ['src/deep/c.ts', '../b.jsx', 'src/b.tsx'],
    ['src/deep/c.ts', '../b', 'src/b.tsx'],
    ['src/deep/c.ts', '../lib', 'src/lib/index.ts'],
    ['src/deep/c.ts', '../lib/index.js', 'src/lib/index.ts'],
    ['src/a.ts', './util.mjs', 'src/util.mts'],
    ['src/a.ts', './plain.js', 'src/plain.js'],
    ['src/a.ts', './deep/c.ts?raw', 'src/deep/c.ts'],
    ['src/a.ts', '..', 'index.ts'],
    ['src/a.ts', '../../outside', null],
    ['src/a.ts', './missing', null],
    ['src/a.ts', 'react', null],
    ['src/a.ts', 'node:fs', null],
    ['src/a.ts', '@/deep/c.js', 'src/deep/c.ts'],
    ['src/a.ts', '@lib', 'src/lib/index.ts'],
    ['src/a.ts', '#c', 'src/deep/c.ts'],
  ])('%s imports %s → %s', (from, spec, expected) => {
    expect(resolveJsSpecifier(from, spec, jsFiles, ts)).toBe(expected);
  });

  it('falls back to baseUrl for bare specifiers', () => {
    expect(resolveJsSpecifier('x.ts', 'lib', jsFiles, { baseUrl: 'src', paths: {}, pathsBase: 'src' })).toBe(
      'src/lib/index.ts',
    );
    expect(resolveJsSpecifier('x.ts', 'lib', jsFiles)).toBeNull();
  });
});

describe('resolvePythonImport', () => {
  const files = new Set([
    'src/pkg/__init__.py',
    'src/pkg/core.py',
    'src/pkg/sub/__init__.py',
    'src/pkg/sub/leaf.py',
    'app.py',
    'tests/helpers.py',
    'tests/test_x.py',
  ]);
  const roots = pythonRoots(files);

  it('finds src/ layout roots', () => expect(roots.sort()).toEqual(['', 'src']));

  it.each([
    ['tests/test_x.py', { level: 0, module: 'pkg.core', names: [] }, ['src/pkg/core.py']],
    [
      'tests/test_x.py',
      { level: 0, module: 'pkg', names: ['core'] },
      ['src/pkg/core.py', 'src/pkg/__init__.py'],
    ],
    ['tests/test_x.py', { level: 0, module: 'pkg.core', names: ['helper'] }, ['src/pkg/core.py']],
    ['tests/test_x.py', { level: 0, module: 'pkg.sub', names: [] }, ['src/pkg/sub/__init__.py']],
    ['tests/test_x.py', { level: 0, module: 'helpers', names: [] }, ['tests/helpers.py']],
    ['src/pkg/sub/leaf.py', { level: 1, module: '', names: ['x'] }, ['src/pkg/sub/__init__.py']],
    ['src/pkg/sub/leaf.py', { level: 2, module: 'core', names: ['f'] }, ['src/pkg/core.py']],
    [
      'src/pkg/core.py',
      { level: 1, module: '', names: ['sub'] },
      ['src/pkg/sub/__init__.py', 'src/pkg/__init__.py'],
    ],
    ['src/pkg/core.py', { level: 1, module: 'sub.leaf', names: [] }, ['src/pkg/sub/leaf.py']],
    ['app.py', { level: 0, module: 'os', names: [] }, []],
    ['app.py', { level: 3, module: 'x', names: [] }, []],
  ])('%s: %j', (from, imp, expected) => {
    expect(resolvePythonImport(from, imp, files, roots)).toEqual(expected);
  });
});

describe('resolveGoImportDir', () => {
  const modules = [
    { path: 'example.com/app', dir: '' },
    { path: 'example.com/app/tools', dir: 'tools' },
  ];
  it.each([
    ['example.com/app/internal/math', 'internal/math'],
    ['example.com/app', ''],
    ['example.com/app/tools/gen', 'tools/gen'],
    ['example.com/application', null],
    ['fmt', null],
  ])('%s → %s', (spec, expected) => {
    expect(resolveGoImportDir(spec, modules)).toBe(expected);
  });
});
