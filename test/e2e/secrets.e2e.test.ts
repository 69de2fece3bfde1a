import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fakeResultsService } from '../action/results-service.js';
import { runAction } from '../action/run-action.js';
import { CLI } from '../cli/run-cli.js';
import { tempRepos } from '../helpers/temp-repo.js';

/** Known secrets, none of them in a token shape the built-in rules know: only the boundary can hide them. */
const SECRETS = {
  NPM_TOKEN: 's3cr3t-npm-value-1234',
  GITHUB_TOKEN: 'gh-plain-value-5678abcd',
  MY_DB_PASSWORD: 'correct-horse-battery-staple',
};
const ADD_MASK = 'hunter2-registered-with-add-mask';
const ALL = [...Object.values(SECRETS), ADD_MASK];

// The add-mask value is put together by the shell, so the config itself does not hold it.
const MAKE = 'V=hunter2-$(printf registered)-with-add-mask';
const leak = `${MAKE}; echo "::add-mask::$V"; echo "error: auth failed for $NPM_TOKEN $GITHUB_TOKEN $MY_DB_PASSWORD $V"; exit 1`;
const CONFIG = [
  'version: 1',
  'checks:',
  '  - name: leaky',
  '    type: lint',
  `    command: ${JSON.stringify(leak)}`,
  `    fix_command: ${JSON.stringify(`${MAKE}; echo "fixing with $NPM_TOKEN and $V" >&2; exit 1`)}`,
  '',
].join('\n');

const repos = tempRepos();

/** Every regular file under `dir` (git's compressed objects aside), as text. */
function allFiles(dir: string): Array<{ path: string; text: string }> {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((rel) => !rel.startsWith(join('.git', 'objects')) && !rel.startsWith('node_modules'))
    .map((rel) => join(dir, rel))
    .filter((path) => statSync(path).isFile())
    .map((path) => ({ path, text: readFileSync(path, 'latin1') }));
}

function leaks(outputs: Array<{ path: string; text: string }>): string[] {
  return outputs.flatMap(({ path, text }) =>
    ALL.filter((s) => text.includes(s)).map((s) => `${s} in ${path}`),
  );
}

describe('secrets never leave the process unmasked', () => {
  it('closed-loop run: state, result, reports, logs, --json and the terminal hold none of them', () => {
    const dir = repos({ '.github/closed-loop.yml': CONFIG, 'a.txt': 'a\n' });
    const r = spawnSync(process.execPath, [CLI, 'run', '--json'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, ...SECRETS, NO_COLOR: '1' },
      timeout: 60_000,
    });
    expect(r.status, r.stderr).not.toBe(70);
    const files = allFiles(dir);
    // The run did write its reports and the check's log, and the check did print the secrets.
    expect(files.some((f) => f.path.endsWith('result.json'))).toBe(true);
    const logs = files.filter((f) => f.path.endsWith('leaky.log'));
    expect(logs.length).toBeGreaterThan(0);
    expect(logs[0]?.text).toContain('error: auth failed for *** *** *** ***');
    expect(leaks([...files, { path: 'stdout', text: r.stdout }, { path: 'stderr', text: r.stderr }])).toEqual(
      [],
    );
    expect(JSON.parse(r.stdout)).toMatchObject({ status: expect.stringMatching(/failed|escalated/) });
  });

  it('the Action: result.json in the artifact, RUNNER_TEMP, outputs, summary and log hold none of them', async () => {
    const dir = repos({ '.github/closed-loop.yml': CONFIG, 'a.txt': 'a\n' });
    const service = await fakeResultsService();
    const r = runAction(dir, {}, { ...service.env, ...SECRETS });
    service.stop();
    const artifact = service.artifacts()[0] ?? {};
    expect(Object.keys(artifact)).toContain('result.json');
    const outputs = [
      ...Object.entries(artifact).map(([name, text]) => ({ path: `artifact:${name}`, text })),
      ...allFiles(r.runnerTemp),
      ...allFiles(dir),
      { path: 'stdout', text: r.stdout },
      { path: 'stderr', text: r.stderr },
      { path: 'outputs', text: JSON.stringify(r.outputs) },
      { path: 'summary', text: r.summary },
    ];
    expect(leaks(outputs)).toEqual([]);
  });
});
