import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { analyzeText } from '../../../src/core/analyze/create-analyzer.js';
import { defaultConfig, type Config } from '../../../src/core/config/schema.js';
import { ContextSchema } from '../../../src/core/strategies/context.js';
import { effectiveCatalogue } from '../../../src/core/patterns/effective-catalogue.js';
import { gatherContext, runStrategy } from '../../../src/runner/fixers/index.js';
import { createTempRepo } from '../../helpers/temp-repo.js';
import { check, project } from '../../core/strategies/builders.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const filler = Array.from({ length: 65 }, (_, i) => `export const pad${i} = ${i};`).join('\n');
/** The scripted agent: reads the context and its prompt, then fixes the property name with fs. */
const AGENT = `import { readFileSync, writeFileSync } from 'node:fs';
const ctx = JSON.parse(readFileSync(process.env.CLOSED_LOOP_CONTEXT, 'utf8'));
const prompt = readFileSync(0, 'utf8');
if (!prompt.includes('do not commit') && !prompt.includes('Do not commit')) process.exit(9);
const site = ctx.sites[0];
const text = readFileSync(site.file, 'utf8');
writeFileSync(site.file, text.replace('user.fullName', 'user.name'));
console.log('fixed', site.file, process.env.CLOSED_LOOP_STRATEGY, process.env.CLOSED_LOOP_TASK);
`;
const files = {
  'package.json': '{ "name": "app", "type": "module" }\n',
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      strict: true,
      noEmit: true,
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      target: 'ES2022',
      // As `tsc --init` writes it. node_modules is closed-loop's own: checking all its @types made each
      // tsc run take 4-5 s of CPU instead of 1.5.
      skipLibCheck: true,
    },
    include: ['src'],
  }),
  'src/types.ts': 'export interface User {\n  id: number;\n  name: string;\n}\n',
  'src/greet.ts': `import type { User } from './types.js';\n${filler}\nexport function greet(user: User): string {\n  return 'hi ' + user.fullName;\n}\n`,
  'src/main.ts': "import { greet } from './greet.js';\nconsole.log(greet({ id: 1, name: 'a' }));\n",
  'agent.mjs': AGENT,
};
const ERROR_LINE = 68;

function typeErrorRepo(): { cwd: string; output: string } {
  const cwd = createTempRepo(files, { linkNodeModules: true });
  dirs.push(cwd);
  let output = '';
  try {
    execFileSync('npx', ['tsc', '-p', '.'], { cwd, encoding: 'utf8', stdio: 'pipe' });
  } catch (err) {
    output = (err as { stdout: string }).stdout;
  }
  return { cwd, output };
}
const input = (cwd: string, output: string, agent: string | undefined, config: Config = defaultConfig()) => ({
  cwd,
  taskId: 'task-7',
  diagnosis: analyzeText(effectiveCatalogue(), output),
  check: check({ name: 'types', type: 'type' as const, command: 'npx tsc -p .' }),
  config,
  project: project(),
  agentCommand: agent,
});

describe('context_expand and analyze_then_fix', () => {
  it('gathers the ±50 window, the imported type and the dependents of a real tsc error', async () => {
    const { cwd, output } = typeErrorRepo();
    const diagnosis = analyzeText(effectiveCatalogue(), output);
    expect(diagnosis.pattern).toBe('type-error');
    const ctx = await gatherContext(cwd, diagnosis, {
      taskId: 'task-7',
      dir: join(cwd, '.git/closed-loop'),
      depth: 1,
    });
    const site = ctx.sites[0];
    expect(site).toMatchObject({
      file: 'src/greet.ts',
      line: ERROR_LINE,
      imports: ['src/types.ts'],
      dependents: ['src/main.ts'],
    });
    expect(site?.window).toMatchObject({ startLine: ERROR_LINE - 50, endLine: ERROR_LINE + 2 });
    expect(site?.declarations).toEqual([
      { name: 'User', file: 'src/types.ts', line: 1, text: files['src/types.ts'].trimEnd() },
    ]);
    expect(ctx.identifiers).toEqual(['fullName', 'User']);
    expect(ctx.summary.length).toBeLessThanOrEqual(2000);
    expect(
      ContextSchema.parse(
        JSON.parse(readFileSync(join(cwd, '.git/closed-loop/context-task-7.json'), 'utf8')),
      ),
    ).toEqual(ctx);
    const md = readFileSync(join(cwd, '.git/closed-loop/context-task-7.md'), 'utf8');
    expect(md).toContain('## 1. src/greet.ts:68');
    expect(md).toContain('Declaration of `User` in src/types.ts:1');
    expect(md).toContain("68|   return 'hi ' + user.fullName;");
  });

  it('masks secrets in what it writes', async () => {
    const { cwd } = typeErrorRepo();
    const text =
      "src/greet.ts(68,23): error TS2339: Property 'ghp_abcdefghijklmnopqrstuvwxyz0123' does not exist on type 'User'.";
    await gatherContext(cwd, analyzeText(effectiveCatalogue(), text), {
      taskId: 'secret',
      dir: join(cwd, '.git/closed-loop'),
    });
    for (const ext of ['json', 'md'])
      expect(readFileSync(join(cwd, `.git/closed-loop/context-secret.${ext}`), 'utf8')).not.toContain(
        'ghp_abc',
      );
  });

  it('lets a scripted agent fix the tree', async () => {
    const { cwd, output } = typeErrorRepo();
    const outcome = await runStrategy('context_expand', input(cwd, output, 'node agent.mjs'));
    expect(outcome).toMatchObject({
      strategy: 'context_expand',
      applied: true,
      context_expanded: true,
      files_modified: ['src/greet.ts'],
      output: 'fixed src/greet.ts context_expand task-7',
    });
    expect(outcome.action).toBe('ran agent `node agent.mjs` with .git/closed-loop/context-task-7.json');
    expect(readdirSync(cwd), "nothing of the loop's in the working tree").not.toContain('.closed-loop');
    execFileSync('npx', ['tsc', '-p', '.'], { cwd, stdio: 'pipe' });
  });

  it('reports a failing agent', async () => {
    const { cwd, output } = typeErrorRepo();
    const outcome = await runStrategy('analyze_then_fix', input(cwd, output, 'echo confused >&2; exit 4'));
    expect(outcome).toMatchObject({
      strategy: 'analyze_then_fix',
      applied: false,
      context_expanded: false,
      output: 'confused',
    });
    expect(outcome.action).toBe('ran agent `echo confused >&2; exit 4` (exit 4)');
  });

  it('stops an agent that runs past agent.timeout', async () => {
    const { cwd, output } = typeErrorRepo();
    const config = { ...defaultConfig(), agent: { ...defaultConfig().agent, timeout: 1 } };
    const outcome = await runStrategy('analyze_then_fix', input(cwd, output, 'sleep 30', config));
    expect(outcome.applied).toBe(false);
    expect(outcome.action).toBe('agent `sleep 30` timed out after 1 s and was stopped');
  });

  it('escalates when no agent is configured, with the context written', async () => {
    const { cwd, output } = typeErrorRepo();
    const outcome = await runStrategy('context_expand', input(cwd, output, undefined));
    expect(outcome).toMatchObject({
      applied: false,
      escalate: {
        reason:
          'no agent configured for context_expand: set agent.command in .github/closed-loop.yml or pass --agent; the context is in .git/closed-loop/context-task-7.md',
      },
    });
    expect(readFileSync(join(cwd, '.git/closed-loop/context-task-7.md'), 'utf8')).toContain('src/greet.ts');
  });
});
