/**
 * A project with nothing to evaluate: a user's problem (exit 2), with the next step in the message. When
 * the user named a directory below the repository's root (`--cwd`, the Action's working-directory), the
 * message says that the root is where checks are detected and run, and how to run them in that directory.
 */
export class NoChecksError extends Error {
  constructor(
    readonly dir: string,
    readonly warnings: readonly string[] = [],
    /** The config file to add the checks to, as the user named it (`--config`), else the default. */
    readonly configFile = '.github/closed-loop.yml',
    /** The directory the user named, relative to `dir`, and the setting that named it; none at the root. */
    readonly named?: { path: string; by: string },
  ) {
    const why = warnings.length === 0 ? '' : ` (${warnings.join('; ')})`;
    const where =
      named === undefined
        ? ''
        : ` (the repository's root: closed-loop detects and runs its checks there, not in ${named.path}, which ${named.by} names)`;
    const example = named === undefined ? '' : `, each command starting with \`cd ${named.path} &&\``;
    super(
      `no checks configured or detected in ${dir}${where}${why}: add a checks section to ${configFile} (docs/config.md)${example}`,
    );
    this.name = 'NoChecksError';
  }
}
