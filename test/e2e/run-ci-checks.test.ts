import { describe, expect, it } from 'vitest';
import { LoopResultSchema } from '../../src/core/loop-result.js';
import { tempRepos } from '../helpers/temp-repo.js';
import { runClosedLoop } from './run-helpers.js';

const repo = tempRepos({ linkNodeModules: true });

// CI runs `npm run check`, not `npm test` alone: a run that fixed nothing CI checks must not say success.
describe('closed-loop run: checks as CI runs them', () => {
  it('never reports success while the script CI runs is red, even when npm test passes', () => {
    const dir = repo({
      'package.json': JSON.stringify({
        name: 'ci-named',
        private: true,
        type: 'module',
        scripts: { test: 'node --test', check: 'eslint .', 'format:check': 'prettier --check src' },
      }),
      '.github/workflows/ci.yml':
        'on: pull_request\njobs:\n  ci:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: npm ci\n      - run: npm run check\n      - run: npm test\n',
      'eslint.config.js': 'export default [{ files: ["src/**"], rules: { "no-unused-vars": "error" } }];\n',
      // An unused variable: eslint --fix cannot remove it, and no agent is configured.
      'src/odd.js': 'const unused = 1;\nexport const odd = (n) => n % 2 === 1;\n',
      'src/odd.test.js':
        'import { test } from "node:test";\nimport assert from "node:assert";\nimport { odd } from "./odd.js";\n\ntest("odd", () => assert.ok(odd(3)));\n',
    });
    const r = runClosedLoop(dir, ['--json']);
    const result = LoopResultSchema.parse(JSON.parse(r.stdout));
    expect(result.status, r.stderr).not.toBe('success');
    expect(r.status).not.toBe(0);
    expect(result.checks.find((c) => c.name === 'check')).toMatchObject({ passed: false });
    expect(result.checks.find((c) => c.name === 'test')).toMatchObject({ passed: true });
    expect(result.failing_checks?.map((c) => c.name)).toContain('check');
  });
});
