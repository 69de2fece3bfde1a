import type { Location } from '../../diagnosis.js';
import type { Locator } from './locate.js';

/** GitHub workflow command: `::error file=a.ts,line=3,col=5::msg`. */
const WORKFLOW = /^::(?:error|warning)\s+([^:]*)::/;

/** The place a workflow command names, none when it names none; undefined for any other line. */
export function workflowCommandPlace(text: string, locate: Locator): Location[] | undefined {
  const workflow = WORKFLOW.exec(text);
  if (!workflow) return undefined;
  const props = Object.fromEntries(
    (workflow[1] as string).split(',').map((kv) => kv.split('=', 2) as [string, string]),
  );
  const loc = props.file ? locate(props.file, props.line, props.col) : null;
  return loc ? [loc] : [];
}
