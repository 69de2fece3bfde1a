import { describe, expect, it } from 'vitest';
import { LoopResultSchema } from '../../src/core/loop-result.js';
import { git, tempRepos, writeFiles } from '../helpers/temp-repo.js';
import { commitsSince, read, runClosedLoop } from './run-helpers.js';

const repo = tempRepos({ linkNodeModules: true });

// A scripted agent that sees nothing but the context file: the failing assertion's expected/actual and
// the source of the module under test must be in it, or it cannot fix the logic bug.
const AGENT = `import fs from 'node:fs';
const ctx = JSON.parse(fs.readFileSync(process.env.CLOSED_LOOP_CONTEXT, 'utf8'));
const expected = /Expected: "(.*)"/.exec(ctx.failure ?? '')?.[1];
const received = /Received: "(.*)"/.exec(ctx.failure ?? '')?.[1];
const module = ctx.modules?.[0];
if (!expected || !received || !module || !ctx.diff?.includes('slug')) process.exit(3);
let i = 0;
while (expected[i] === received[i]) i++;
// The character the code produced where the test wanted another: swap it in the module's source.
const fixed = module.text.split("'" + received[i] + "'").join("'" + expected[i] + "'");
fs.writeFileSync(module.file, fixed + '\\n');
`;

describe("closed-loop run: a failing test's context", () => {
  it("holds the assertion, expected/actual, the tested function's definition behind a barrel, its source and the branch diff of both: enough for an agent to fix a logic bug", () => {
    const dir = repo({
      'package.json': JSON.stringify({
        name: 'slugs',
        private: true,
        type: 'module',
        scripts: { test: 'vitest run' },
      }),
      '.github/closed-loop.yml': 'version: 1\nagent:\n  command: node .agent/agent.mjs\n',
      '.agent/agent.mjs': AGENT,
      'src/slug.js': 'export function slug(title) {\n  return title.toLowerCase();\n}\n',
      // The test imports through a barrel: the context must reach the definition behind it.
      'src/index.js': "export { slug } from './slug.js';\n",
      'src/slug.test.js':
        "import { expect, test } from 'vitest';\nimport { slug } from './index.js';\n\ntest('lowercases', () => {\n  expect(slug('Hello')).toBe('hello');\n});\n",
    });
    // The pull request's branch: a new test, and the bug that makes it fail.
    git(dir, 'checkout', '-q', '-b', 'feature');
    writeFiles(dir, {
      'src/slug.js': "export function slug(title) {\n  return title.toLowerCase().replace(/ /g, '_');\n}\n",
      'src/slug.test.js':
        "import { expect, test } from 'vitest';\nimport { slug } from './index.js';\n\ntest('joins words with dashes', () => {\n  expect(slug('Hello World')).toBe('hello-world');\n});\n",
    });
    git(dir, 'commit', '-qam', 'slug joins words');
    const base = git(dir, 'rev-parse', 'HEAD');

    const r = runClosedLoop(dir, ['--json']);
    expect(r.stdout, r.stderr).not.toBe('');
    const result = LoopResultSchema.parse(JSON.parse(r.stdout));
    expect(result.status, r.stderr).toBe('success');
    expect(read(dir, 'src/slug.js')).toContain(".replace(/ /g, '-')");
    expect(commitsSince(dir, base)).toHaveLength(1);
    const context = read(dir, `.git/closed-loop/context-${result.task_id}.md`);
    expect(context).toContain("Error: AssertionError: expected 'hello_world' to be 'hello-world'");
    expect(context).toContain('## Source of src/slug.js');
    expect(context).toContain('## Under test: `slug`, defined in src/slug.js:1');
    expect(context).toContain('The test imports it through src/index.js.');
    expect(context).not.toContain('## Source of src/index.js');
    // The branch's changes to the test and to the function it tests.
    const focused =
      context.split("## The branch's changes to the failing tests and the code they test")[1] ?? '';
    expect(focused).toContain("+  return title.toLowerCase().replace(/ /g, '_');");
    expect(focused).toContain("+test('joins words with dashes'");
    expect(context).toContain("## The branch's changes");
    expect(context).not.toMatch(/^Error: .*RUN\s+v\d/m);
  });
});
