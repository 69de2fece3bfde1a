import { describe, expect, it } from 'vitest';
import { parseGoImports, parseGoModulePath } from '../../../src/core/regression/parse-go-imports.js';
import { parseJsImports } from '../../../src/core/regression/parse-js-imports.js';
import { parsePythonImports } from '../../../src/core/regression/parse-python-imports.js';

describe('parseJsImports', () => {
  it.each([
    ["import x from './a.js';", ['./a.js']],
    ['import type { A, B } from "./types";', ['./types']],
    ["import {\n  a,\n  b as c,\n} from '@/lib/x';", ['@/lib/x']],
    ["import * as ns from '../ns';", ['../ns']],
    ["import def, { named } from './mixed';", ['./mixed']],
    ["import './side-effect.css';", ['./side-effect.css']],
    [
      "export * from './all';\nexport { a } from './some';\nexport type { T } from './t';",
      ['./all', './some', './t'],
    ],
    ["export * as ns from './ns';", ['./ns']],
    ["const m = await import('./lazy');", ['./lazy']],
    ['const fs = require(\'node:fs\'); const h = require("./helper");', ['node:fs', './helper']],
    ["import fs = require('./legacy');", ['./legacy']],
    ["const url = require.resolve('./worker.js', {});", ['./worker.js']],
    ['const t = import(`./tpl`);', ['./tpl']],
  ])('%s', (source, expected) => {
    expect(parseJsImports(source).sort()).toEqual([...expected].sort());
  });

  it('ignores comments, look-alike strings, methods and template expressions', () => {
    const source = [
      "// import x from './commented';",
      "/* export * from './block';\n   require('./block2') */",
      'const s = "import y from \'./in-string\'";',
      "obj.import('./method'); foo.require('./method2');",
      'const d = import(`./dir/${name}`);',
      "const exportFrom = 'x'; const importance = 1;",
      "import real from './real'; // import other from './other'",
    ].join('\n');
    expect(parseJsImports(source)).toEqual(['./real']);
  });

  it('keeps a URL inside a string from starting a comment', () => {
    expect(parseJsImports("const u = 'http://x'; import a from './a';")).toEqual(['./a']);
  });
});

describe('parsePythonImports', () => {
  it.each([
    ['import os', [{ level: 0, module: 'os', names: [] }]],
    [
      'import a.b as ab, c',
      [
        { level: 0, module: 'a.b', names: [] },
        { level: 0, module: 'c', names: [] },
      ],
    ],
    [
      'from pkg.core import helper, other as o',
      [{ level: 0, module: 'pkg.core', names: ['helper', 'other'] }],
    ],
    ['from . import sibling', [{ level: 1, module: '', names: ['sibling'] }]],
    ['from ..util import (\n    a,\n    b,  # comment\n)', [{ level: 2, module: 'util', names: ['a', 'b'] }]],
    ['from .mod import *', [{ level: 1, module: 'mod', names: ['*'] }]],
    ['from x import \\\n    y', [{ level: 0, module: 'x', names: ['y'] }]],
    ['def f():\n    import lazy_mod\n', [{ level: 0, module: 'lazy_mod', names: [] }]],
  ])('%s', (source, expected) => {
    expect(parsePythonImports(source)).toEqual(expected);
  });

  it('ignores docstrings and comments', () => {
    expect(parsePythonImports('"""\nimport nothing\n"""\n# import nope\nx = 1')).toEqual([]);
  });
});

describe('parseGoImports', () => {
  it('reads single, aliased and grouped imports, skipping comments', () => {
    const source = [
      'package main',
      'import "fmt"',
      'import str "strings"',
      'import (',
      '\t"os"',
      '\t// "commented/out"',
      '\tm "example.com/app/internal/math"',
      '\t_ "example.com/app/internal/driver"',
      ')',
    ].join('\n');
    expect(parseGoImports(source).sort()).toEqual([
      'example.com/app/internal/driver',
      'example.com/app/internal/math',
      'fmt',
      'os',
      'strings',
    ]);
  });

  it('reads the module path from go.mod', () => {
    expect(parseGoModulePath('// comment\nmodule example.com/app\n\ngo 1.22\n')).toBe('example.com/app');
    expect(parseGoModulePath('go 1.22\n')).toBeNull();
  });
});
