import { chooseFixer } from '../../core/strategies/choose-fixer.js';
import { makeOutcome, type StrategyOutcome } from '../../core/strategies/strategy-outcome.js';
import { changedFiles, markTree } from './changed-files.js';
import { repoFileCheck } from './is-repo-file.js';
import { readWorkspaceFacts } from './read-workspaces.js';
import { workspaceResolver } from './workspace-resolver.js';
import { describeRun, ranToEnd, runCaptured } from './run-captured.js';
import { DEFAULT_CHECK_TIMEOUT_SECONDS, type StrategyInput } from './strategy-input.js';

/**
 * auto_fix: runs the fixer chooseFixer picks, within the check's timeout. Applied when the fixer ran to its
 * end and either succeeded or changed files (eslint --fix exits 1 when unfixable errors remain).
 */
export async function autoFix(input: StrategyInput): Promise<StrategyOutcome> {
  const strategy = 'auto_fix';
  const isRepoFile = repoFileCheck(input.cwd);
  // A workspace's task prints paths relative to the workspace: `src/a.js` printed by `@mono/web:lint:`
  // is packages/web/src/a.js, and its fixer runs in packages/web.
  const workspaces = input.workspaces ?? readWorkspaceFacts(input.cwd);
  const resolveFile = workspaceResolver(input, workspaces, isRepoFile);
  const fixer = chooseFixer({
    check: input.check,
    diagnosis: input.diagnosis,
    project: input.project,
    isRepoFile,
    resolveFile,
    output: input.output,
    workspaces,
    failedWorkspaces: [...new Set(input.workspaceFiles?.values() ?? [])],
  });
  if (fixer === null) {
    return makeOutcome({
      strategy,
      applied: false,
      action: 'no fixer known for this failure: set fix_command on the check',
    });
  }
  const timeoutMs = (input.check?.timeout ?? DEFAULT_CHECK_TIMEOUT_SECONDS) * 1000;
  const before = markTree(input.cwd);
  const run = await runCaptured(fixer.command, {
    cwd: input.cwd,
    timeoutMs,
    ...(input.signal ? { signal: input.signal } : {}),
  });
  const files = changedFiles(before, markTree(input.cwd));
  const applied = ranToEnd(run) && (run.result.exitCode === 0 || files.length > 0);
  const described = describeRun(fixer.command, run, timeoutMs);
  const action = applied || !ranToEnd(run) ? described : `${described}: nothing changed`;
  return makeOutcome({
    strategy,
    applied,
    action: `${action} (${fixer.why})`,
    files_modified: files,
    output: run.output,
  });
}
