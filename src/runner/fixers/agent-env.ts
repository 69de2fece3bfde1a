/**
 * What the agent inherits when the config lists nothing more: enough to find its tools, its home and the
 * locale, and closed-loop's own CLOSED_LOOP_* variables. Tokens (GITHUB_TOKEN, NPM_TOKEN, cloud keys)
 * are not passed unless `agent.env` names them.
 */
const DEFAULT_AGENT_ENV: readonly string[] = [
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'LANG',
  'LANGUAGE',
  'TERM',
  'TZ',
  'TMPDIR',
  'TEMP',
  'TMP',
  'PWD',
  'CI',
  'NODE_PATH',
  'NVM_DIR',
  'PYTHONPATH',
  'VIRTUAL_ENV',
  'GOPATH',
  'GOROOT',
  'CARGO_HOME',
  'RUSTUP_HOME',
  'JAVA_HOME',
];

/** The environment the agent runs with: the allowed names (and LC_*, CLOSED_LOOP_*) taken from `env`. */
export function agentEnv(env: NodeJS.ProcessEnv, extra: readonly string[]): Record<string, string> {
  const allowed = new Set([...DEFAULT_AGENT_ENV, ...extra]);
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (
      value !== undefined &&
      (allowed.has(name) || name.startsWith('LC_') || name.startsWith('CLOSED_LOOP_'))
    )
      out[name] = value;
  }
  return out;
}
