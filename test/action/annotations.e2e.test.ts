import { describe, expect, it } from 'vitest';
import { tempRepos } from '../helpers/temp-repo.js';
import { runAction } from './run-action.js';

const repo = tempRepos({ linkNodeModules: true });

/**
 * Two failing vitest files: one throws from inside a dependency (semver, whose frames are node_modules'),
 * one fails an assertion. vitest prints each failure under a `FAIL file > test` banner, the message, then
 * the frames.
 */
const TWO_FAILURES = {
  'package.json': JSON.stringify({
    name: 'shop',
    private: true,
    type: 'module',
    scripts: { test: 'vitest run' },
  }),
  'src/engines.js':
    "import semver from 'semver';\n\nexport function minimumNode(range) {\n  return semver.minVersion(range).version;\n}\n",
  'src/engines.test.js':
    "import { expect, test } from 'vitest';\nimport { minimumNode } from './engines.js';\n\ntest('reads the engines range', () => {\n  expect(minimumNode('>=20 <22 || lts')).toBe('20.0.0');\n});\n",
  'src/slug.js': "export function slug(title) {\n  return title.toLowerCase().replace(/ /g, '_');\n}\n",
  'src/slug.test.js':
    "import { expect, test } from 'vitest';\nimport { slug } from './slug.js';\n\ntest('joins words with dashes', () => {\n  expect(slug('Hello World')).toBe('hello-world');\n});\n",
};

describe("the Action's annotations", () => {
  it("put each failure's own message at its own line: no banner, no frame, no dependency's file", () => {
    const r = runAction(repo(TWO_FAILURES), { 'fail-on': 'never' });
    expect(r.status, r.stdout).toBe(0);
    const errors = r.stdout.split('\n').filter((l) => l.startsWith('::error '));
    // No agent here: analyze_then_fix never ran, so no strategy is named.
    const title = 'title=closed-loop%3A test-failure → no fix';
    expect(errors).toEqual([
      `::error ${title},file=src/engines.js,line=4,col=17::TypeError: Invalid comparator: lts`,
      `::error ${title},file=src/slug.test.js,line=5,col=31::AssertionError: expected 'hello_world' to be 'hello-world' // Object.is equality%0AExpected: "hello-world"%0AReceived: "hello_world"`,
    ]);
  });
});
