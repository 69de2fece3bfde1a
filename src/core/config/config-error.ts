/** A mistake in a config file, located for a person: what is wrong, where, and what to do. */
export interface ConfigError {
  /** The file as the user knows it, e.g. `.github/closed-loop.yml`. */
  file: string;
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
  /** The key path, like `retry.max_retries` or `checks[1].type`; empty for the file as a whole. */
  path: string;
  /** One line: what was expected and what was found. */
  message: string;
  /** A suggestion such as `did you mean "max_retries"?`. */
  hint?: string;
}

/** `file:line:column: path: message; hint` — the one line a user reads (and editors link). */
export function formatConfigError(error: ConfigError): string {
  const where = `${error.file}:${error.line}:${error.column}`;
  const what = error.path === '' ? error.message : `${error.path}: ${error.message}`;
  return `${where}: ${what}${error.hint === undefined ? '' : `; ${error.hint}`}`;
}

/** `checks[1].type`, `retry.max_retries`, `patterns.override["odd key"]`. */
export function formatConfigPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (/^[A-Za-z_][\w-]*$/.test(String(segment))) out += `${out === '' ? '' : '.'}${String(segment)}`;
    else out += `[${JSON.stringify(String(segment))}]`;
  }
  return out;
}
