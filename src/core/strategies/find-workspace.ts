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
export function findWorkspace<W extends Workspace>(
  workspaces: readonly W[],
  importers: readonly string[],
): W | null {
  const byDepth = [...workspaces].sort((a, b) => b.dir.length - a.dir.length);
  for (const file of importers) {
    const path = file.replace(/^\.\//, '');
    const found = byDepth.find((w) => path.startsWith(`${w.dir.replace(/\/+$/, '')}/`));
    if (found !== undefined) return found;
  }
  return null;
}

/** npm's echo of the script it runs in a workspace: `> @mono/core@1.0.0 lint`. */
const SCRIPT_ECHO = /^> (\S+)@\S+ \S+/;

/**
 * How a path a tool printed maps to the repository: in the workspace whose script printed it (the
 * last `> name@version script` echo before it in `output`) when that workspace has it — a workspace's
 * `package.json` is not the root's —, else as printed when the file is there, else in the only
 * workspace that has such a file. `exists` says whether a repository path is a file.
 */
export function resolveWorkspacePath(
  file: string,
  output: string,
  workspaces: readonly Workspace[],
  exists: (path: string) => boolean,
): string {
  if (workspaces.length === 0) return file;
  const lines = output.split('\n');
  // The evidence may start below the echo: any line naming the file with an echo above it counts.
  const echoAbove = (at: number) =>
    lines
      .slice(0, at)
      .reverse()
      .map((l) => SCRIPT_ECHO.exec(l.trim())?.[1])
      .find((n) => n !== undefined);
  const echo = lines
    .map((l, i) => (l.includes(file) ? echoAbove(i) : undefined))
    .find((n) => n !== undefined);
  const named = workspaces.find((w) => w.name === echo);
  if (named !== undefined && exists(`${named.dir}/${file}`)) return `${named.dir}/${file}`;
  if (exists(file)) return file;
  const having = workspaces.filter((w) => exists(`${w.dir}/${file}`));
  return having.length === 1 && having[0] !== undefined ? `${having[0].dir}/${file}` : file;
}
