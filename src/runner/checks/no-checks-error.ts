/** A project with nothing to evaluate: a user's problem (exit 2), with the next step in the message. */
export class NoChecksError extends Error {
  constructor(
    readonly dir: string,
    readonly warnings: readonly string[] = [],
    /** The config file to add the checks to, as the user named it (`--config`), else the default. */
    readonly configFile = '.github/closed-loop.yml',
  ) {
    const why = warnings.length === 0 ? '' : ` (${warnings.join('; ')})`;
    super(
      `no checks configured or detected in ${dir}${why}: add a checks section to ${configFile} (docs/config.md)`,
    );
    this.name = 'NoChecksError';
  }
}
