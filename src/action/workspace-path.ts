import { isAbsolute, join, relative } from 'node:path';

/**
 * A repository-relative path as GitHub wants it in an annotation: relative to the workspace (the
 * repository may be checked out in a subdirectory of it), with forward slashes.
 */
export function workspacePath(file: string, repoRoot: string, workspace: string): string {
  const rel = relative(workspace, isAbsolute(file) ? file : join(repoRoot, file));
  return rel.startsWith('..') || isAbsolute(rel) ? file : rel.split('\\').join('/');
}
