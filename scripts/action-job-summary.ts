// The Action's real job summary for an escalated type error: the bundled Action (dist/action.js, `npm run
// build` first) run as the runner runs it — inputs and GITHUB_* in its environment, GITHUB_STEP_SUMMARY a
// file — on a small TypeScript project in a temporary git repository whose typecheck fails. Used by
// scripts/screenshot-job-summary.ts (docs/images/job-summary.png) and its test.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Where the summary's links point: the repository and server the run pretends to be on. */
export const REPOSITORY = 'acme/tiny-invariant';

/** tiny-invariant's one function, with a type error on line 41 (a string called as a function). */
const SOURCE = [
  '// tiny-invariant: throw when a condition is falsy, with a message only in development builds.',
  ...Array.from({ length: 32 }, (_, i) => `// (line ${i + 2} of the original file's comments)`),
  "const prefix: string = 'Invariant failed';",
  '',
  'export default function invariant(',
  '  condition: unknown,',
  '  message?: string | (() => string),',
  '): asserts condition {',
  '  if (condition) return;',
  '  const provided = new String(message)();',
  '  throw new Error(provided ? `${prefix}: ${provided}` : prefix);',
  '}',
  '',
].join('\n');

const FILES: Record<string, string> = {
  '.gitignore': 'node_modules\n',
  'package.json': JSON.stringify({
    name: 'tiny-invariant',
    private: true,
    type: 'module',
    scripts: { typecheck: 'tsc --noEmit -p .' },
  }),
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      strict: true,
      noEmit: true,
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      types: [],
    },
    include: ['src'],
  }),
  'src/tiny-invariant.ts': SOURCE,
};

export interface ActionSummary {
  /** The job summary's Markdown, as the Action wrote it to GITHUB_STEP_SUMMARY. */
  markdown: string;
  /** The commit the run evaluated, which the summary's `file:line` links point at. */
  head: string;
}

/** Runs the bundled Action once on the type-error project and returns the summary it wrote. */
export function actionJobSummary(): ActionSummary {
  const action = join(ROOT, 'dist/action.js');
  if (!existsSync(action)) throw new Error(`${action} is missing: run npm run build first`);
  const work = mkdtempSync(join(tmpdir(), 'closed-loop-summary-run-'));
  try {
    const repo = join(work, 'repo');
    for (const [path, text] of Object.entries(FILES)) {
      mkdirSync(join(repo, path, '..'), { recursive: true });
      writeFileSync(join(repo, path), text);
    }
    symlinkSync(join(ROOT, 'node_modules'), join(repo, 'node_modules'), 'dir');
    const git = (...args: string[]) =>
      execFileSync('git', args, { cwd: repo, encoding: 'utf8', env: { ...process.env, ...AUTHOR } }).trim();
    git('init', '-q', '-b', 'main');
    git('add', '-A');
    git('commit', '-q', '-m', 'invariant: call the message');
    const head = git('rev-parse', 'HEAD');
    const summary = join(work, 'step_summary');
    writeFileSync(summary, '');
    writeFileSync(join(work, 'output'), '');
    const inherited = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !/^(INPUT|GITHUB|RUNNER|ACTIONS)_/.test(k)),
    );
    const r = spawnSync(process.execPath, [action], {
      cwd: repo,
      encoding: 'utf8',
      timeout: 120_000,
      env: {
        ...inherited,
        NO_COLOR: '1',
        GITHUB_ACTIONS: 'true',
        GITHUB_WORKSPACE: repo,
        RUNNER_TEMP: work,
        GITHUB_OUTPUT: join(work, 'output'),
        GITHUB_STEP_SUMMARY: summary,
        GITHUB_EVENT_NAME: 'push',
        GITHUB_SHA: head,
        GITHUB_SERVER_URL: 'https://github.com',
        GITHUB_REPOSITORY: REPOSITORY,
        GITHUB_RUN_ID: '1204',
        GITHUB_API_URL: 'http://127.0.0.1:1',
        INPUT_TOKEN: '',
        'INPUT_FAIL-ON': 'never',
      },
    });
    const markdown = readFileSync(summary, 'utf8');
    if (r.status !== 0 || markdown === '')
      throw new Error(`the Action failed (exit ${r.status}): ${r.stderr || r.stdout.slice(-2000)}`);
    return { markdown, head };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const AUTHOR = {
  GIT_AUTHOR_NAME: 'Ada',
  GIT_AUTHOR_EMAIL: 'ada@example.com',
  GIT_COMMITTER_NAME: 'Ada',
  GIT_COMMITTER_EMAIL: 'ada@example.com',
};
