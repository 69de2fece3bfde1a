/** A workspace of an npm/pnpm/yarn monorepo: its folder (repository-relative) and package name. */
export interface Workspace {
  dir: string;
  name: string;
}

/**
 * The workspace that holds the first importer inside one (the deepest folder that contains it), or
 * null when every importer is at the root: a missing package goes into the package.json of the code
 * that imports it, never the root one by accident.
 */
export function findWorkspace(workspaces: readonly Workspace[], importers: readonly string[]): Workspace | null {
  const byDepth = [...workspaces].sort((a, b) => b.dir.length - a.dir.length);
  for (const file of importers) {
    const path = file.replace(/^\.\//, '');
    const found = byDepth.find((w) => path.startsWith(`${w.dir.replace(/\/+$/, '')}/`));
    if (found !== undefined) return found;
  }
  return null;
}
