// The Action's real job summary for an escalated type error: the bundled Action (dist/action.js, `npm run
// build` first) run as the runner runs it — inputs and GITHUB_* in its environment, GITHUB_STEP_SUMMARY a
// file — on a small TypeScript project in a temporary git repository whose typecheck fails. Used by
// scripts/screenshot-job-summary.ts (docs/images/job-summary.png) and its test.
import { rmSync } from 'node:fs';
import { runAction } from '../test/action/run-action.js';
import { createTempRepo, git } from '../test/helpers/temp-repo.js';

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

/**
 * Runs the bundled Action once on the type-error project (test/action/run-action.ts: the runner's
 * environment, on a push rather than a pull request) and returns the summary it wrote.
 */
export function actionJobSummary(): ActionSummary {
  const repo = createTempRepo(FILES, { linkNodeModules: true });
  let runnerTemp: string | null = null;
  try {
    const head = git(repo, 'rev-parse', 'HEAD');
    const r = runAction(
      repo,
      { token: '', 'fail-on': 'never' },
      {
        GITHUB_EVENT_NAME: 'push',
        GITHUB_EVENT_PATH: '',
        GITHUB_SHA: head,
        GITHUB_REPOSITORY: REPOSITORY,
        GITHUB_RUN_ID: '1204',
      },
    );
    runnerTemp = r.runnerTemp;
    if (r.status !== 0 || r.summary === '')
      throw new Error(`the Action failed (exit ${r.status}): ${r.stderr || r.stdout.slice(-2000)}`);
    return { markdown: r.summary, head };
  } finally {
    for (const dir of [repo, runnerTemp]) if (dir) rmSync(dir, { recursive: true, force: true });
  }
}
