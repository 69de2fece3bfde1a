import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findDependents, findImports } from '../../../src/runner/affected-tests/import-graph.js';
import { tempRepos, writeFiles } from '../../helpers/temp-repo.js';

const repo = tempRepos();

const none = { depth: 2, exclude: [] };

describe('TypeScript with tsconfig paths and NodeNext imports', () => {
  const dir = repo({
    'tsconfig.json':
      '{\n  // paths for the app\n  "compilerOptions": {\n    "baseUrl": ".",\n    "paths": { "@/*": ["src/*"], },\n  },\n}\n',
    'src/math.ts': 'export function add(a: number, b: number) { return a + b; }\n',
    'src/stats.ts':
      "import { add } from './math.js';\nexport const sum = (xs: number[]) => xs.reduce(add, 0);\n",
    'src/report/index.ts': "export { sum } from '../stats.js';\n",
    'src/cli.tsx':
      "import { sum } from '@/report';\nimport type { X } from 'react';\n// import { add } from './math.js';\n",
    'src/lazy.mjs': "const m = await import('./math.js');\n",
    'src/legacy.cjs': "const { add } = require('./math');\n",
    'test/stats.test.ts': "import { describe } from 'vitest';\nimport { sum } from '../src/stats.js';\n",
    'test/mocks/math.ts': "import '../../src/math.js';\n",
    'docs/notes.md': "import x from './src/math.js'\n",
  });

  it('finds what a file imports', () => {
    expect(findImports(dir, 'src/stats.ts')).toEqual(['src/math.ts']);
    expect(findImports(dir, 'src/cli.tsx')).toEqual(['src/report/index.ts']);
    expect(findImports(dir, join(dir, 'src/report/index.ts'))).toEqual(['src/stats.ts']);
  });

  it('finds direct dependents at depth 1', () => {
    expect(findDependents(dir, ['src/math.ts'], { depth: 1, exclude: [] })).toEqual([
      'src/lazy.mjs',
      'src/legacy.cjs',
      'src/stats.ts',
      'test/mocks/math.ts',
    ]);
  });

  it('follows importers transitively up to the depth, never returning the input', () => {
    expect(findDependents(dir, ['src/math.ts'], none)).toEqual([
      'src/lazy.mjs',
      'src/legacy.cjs',
      'src/report/index.ts',
      'src/stats.ts',
      'test/mocks/math.ts',
      'test/stats.test.ts',
    ]);
    expect(findDependents(dir, ['src/math.ts'], { depth: 3, exclude: [] })).toContain('src/cli.tsx');
    expect(findDependents(dir, ['src/math.ts'], { depth: 0, exclude: [] })).toEqual([]);
    expect(findDependents(dir, ['src/math.ts', 'src/stats.ts'], { depth: 1, exclude: [] })).not.toContain(
      'src/stats.ts',
    );
  });

  it('leaves out the exclude_patterns matches, and does not follow them', () => {
    expect(
      findDependents(dir, ['src/math.ts'], {
        depth: 3,
        exclude: ['**/*.test.ts', '**/mocks/**', 'src/report/**'],
      }),
    ).toEqual(['src/lazy.mjs', 'src/legacy.cjs', 'src/stats.ts']);
  });

  it('sees new untracked files but not ignored ones', () => {
    writeFiles(dir, {
      'src/new.ts': "import './math.js';\n",
      'node_modules/pkg/index.ts': "import '../../src/math.js';\n",
    });
    expect(findDependents(dir, ['src/math.ts'], { depth: 1, exclude: [] })).toContain('src/new.ts');
    expect(findDependents(dir, ['src/math.ts'], { depth: 1, exclude: [] })).not.toContain(
      'node_modules/pkg/index.ts',
    );
  });
});

describe('tsconfig paths without baseUrl, inherited through extends', () => {
  const dir = repo({
    'tsconfig.base.json': '{ "compilerOptions": { "paths": { "~lib/*": ["./packages/lib/src/*"] } } }',
    'tsconfig.json': '{ "extends": "./tsconfig.base.json", "include": ["packages"] }',
    'packages/lib/src/core.ts': 'export const x = 1;\n',
    'packages/app/src/main.ts': "import { x } from '~lib/core';\n",
  });

  it('resolves through the inherited paths', () => {
    expect(findDependents(dir, ['packages/lib/src/core.ts'], none)).toEqual(['packages/app/src/main.ts']);
  });
});

describe('Python, src/ layout', () => {
  const dir = repo({
    'pyproject.toml': '[project]\nname = "shop"\n',
    'src/shop/__init__.py': '',
    'src/shop/pricing.py': 'def price(x):\n    return x\n',
    'src/shop/cart.py': 'from .pricing import price\n',
    'src/shop/api/__init__.py': 'from .. import cart\n',
    'src/shop/api/routes.py': 'from shop.api import handlers  # noqa\nimport shop.cart as c\n',
    'src/shop/api/handlers.py':
      '"""Docs: import shop.pricing is not an import."""\nfrom ..cart import (\n    total,\n)\n',
    'tests/test_cart.py': 'import pytest\nfrom shop import cart\n',
    'tests/test_pricing.py': 'from shop.pricing import price\n',
    'scripts/tool.py': 'import os, json\n',
  });

  it('finds imports: relative, absolute from the src root, submodules', () => {
    expect(findImports(dir, 'src/shop/cart.py')).toEqual(['src/shop/pricing.py']);
    expect(findImports(dir, 'src/shop/api/routes.py')).toEqual([
      'src/shop/api/__init__.py',
      'src/shop/api/handlers.py',
      'src/shop/cart.py',
    ]);
    expect(findImports(dir, 'src/shop/api/handlers.py')).toEqual(['src/shop/cart.py']);
    expect(findImports(dir, 'scripts/tool.py')).toEqual([]);
  });

  it('finds dependents of a module', () => {
    expect(findDependents(dir, ['src/shop/pricing.py'], { depth: 1, exclude: [] })).toEqual([
      'src/shop/cart.py',
      'tests/test_pricing.py',
    ]);
    expect(findDependents(dir, ['src/shop/pricing.py'], { depth: 2, exclude: ['tests/**'] })).toEqual([
      'src/shop/api/__init__.py',
      'src/shop/api/handlers.py',
      'src/shop/api/routes.py',
      'src/shop/cart.py',
    ]);
  });
});

describe('Go module', () => {
  const dir = repo({
    'go.mod': 'module example.com/shop\n\ngo 1.22\n',
    'internal/money/money.go': 'package money\n\nfunc Add(a, b int) int { return a + b }\n',
    'internal/money/round.go': 'package money\n',
    'internal/money/money_test.go': 'package money\n\nimport "testing"\n',
    'internal/cart/cart.go': 'package cart\n\nimport (\n\t"fmt"\n\tm "example.com/shop/internal/money"\n)\n',
    'internal/cart/cart_test.go':
      'package cart_test\n\nimport (\n\t"testing"\n\t"example.com/shop/internal/cart"\n)\n',
    'cmd/shop/main.go': 'package main\n\nimport "example.com/shop/internal/cart"\n',
    'tools/go.mod': 'module example.com/shop/tools\n',
    'tools/gen/gen.go': 'package gen\n\nimport "example.com/shop/internal/money"\n',
  });

  it('maps an import path to the package files', () => {
    expect(findImports(dir, 'internal/cart/cart.go')).toEqual([
      'internal/money/money.go',
      'internal/money/round.go',
    ]);
  });

  it('counts every file of an importing package as a dependent of each file of the imported one', () => {
    expect(findDependents(dir, ['internal/money/round.go'], { depth: 1, exclude: [] })).toEqual([
      'internal/cart/cart.go',
      'tools/gen/gen.go',
    ]);
    expect(findDependents(dir, ['internal/money/money.go'], none)).toEqual([
      'cmd/shop/main.go',
      'internal/cart/cart.go',
      'internal/cart/cart_test.go',
      'tools/gen/gen.go',
    ]);
  });
});
