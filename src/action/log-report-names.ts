import { loadConfig } from '../runner/load-config.js';
import { displayPath, resolveStateDir } from '../runner/state-dir.js';

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * How the job log names the run's reports: the loop's lines name them in the runner's state folder
 * (`.git/closed-loop/context-pr-7.md`), which nobody can open once the job is over. In the log each is
 * named by its file and pointed at the job summary, which says where it went (the `closed-loop-result`
 * artifact, or folded in the summary when nothing could be uploaded). Identity when the state folder
 * cannot be found (a config error: the loop reports it).
 */
export async function logReportNames(
  root: string,
  configPath: string | undefined,
): Promise<(text: string) => string> {
  const stateDir = await loadConfig({ cwd: root, path: configPath })
    .then(({ config }) => resolveStateDir(root, config.state_dir))
    .catch(() => null);
  if (stateDir === null) return (text) => text;
  const report = new RegExp(
    `${escapeRegExp(displayPath(root, stateDir))}/((?:escalation|dead-letter|context|attempts)-[\\w.-]+?\\.md)`,
    'g',
  );
  return (text) => text.replace(report, '$1 (see Reports in the job summary)');
}
