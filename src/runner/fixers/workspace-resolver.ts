import { resolveWorkspacePath, type Workspace } from '../../core/strategies/find-workspace.js';
import type { StrategyInput } from './strategy-input.js';

/**
 * How a path a failing check printed maps to the repository: by the workspace whose task printed it
 * (the task runner's prefix or header), else by npm's script echo above it, else as printed, else in
 * the only workspace that has such a file.
 */
export function workspaceResolver(
  input: Pick<StrategyInput, 'diagnosis' | 'output' | 'workspaceFiles'>,
  workspaces: readonly Workspace[],
  isRepoFile: (path: string) => boolean,
): (file: string) => string {
  const printed = `${input.diagnosis.evidence?.text ?? ''}\n${input.output ?? ''}`;
  return (file) => {
    const dir = input.workspaceFiles?.get(file.replace(/^\.\//, ''));
    if (dir !== undefined && isRepoFile(`${dir}/${file}`)) return `${dir}/${file}`;
    return resolveWorkspacePath(file, printed, workspaces, isRepoFile);
  };
}
