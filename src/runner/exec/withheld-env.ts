/**
 * Which of this process's environment variables a command of the run must not see: true withholds it.
 * The Action withholds its own inputs and credentials (its token above all) from the checks, fixers,
 * installs and git commands the loop starts; the command withholds nothing (the user's shell is theirs).
 */
export type WithholdEnv = (name: string, value: string) => boolean;

/** Set once by a run (RunOptions.withholdEnv) and cleared when it ends, like the project's env. */
let withhold: WithholdEnv | null = null;

/**
 * Runs `run` (a run, a dry run, the Action's steps around one) with `filter` withholding from every
 * command it starts, then puts back what was withheld before: the Action's filter holds around the run's.
 */
export async function withWithheldEnv<T>(filter: WithholdEnv | null, run: () => Promise<T>): Promise<T> {
  const before = withhold;
  withhold = filter;
  try {
    return await run();
  } finally {
    withhold = before;
  }
}

/** `env` without the variables the run withholds from the commands it starts. */
export function commandEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const filter = withhold;
  if (filter === null) return { ...env };
  const out: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && !filter(name, value)) out[name] = value;
  }
  return out;
}
