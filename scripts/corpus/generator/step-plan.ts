// The steps a case runs, in order: its setup steps, the labelled command, and the steps after it.
import type { CorpusCase, SetupKey } from './corpus-case.js';
import type { Style } from './compose-log.js';
import { setupBlock } from './setup-blocks.js';

export interface PlannedStep {
  /** The command to run (and show), or the shown command of a captured setup block. */
  cmd: string;
  phase: 'install' | 'script';
  /** A captured setup block (`@key` in the table): its output is read, never run. */
  block?: string[];
}

export function stepPlan(c: CorpusCase, style: Style): PlannedStep[] {
  if (style === 'single') return [{ cmd: c.cmd, phase: 'script' }];
  const planned = (cmd: string, phase: PlannedStep['phase']): PlannedStep => {
    if (!cmd.startsWith('@')) return { cmd, phase };
    const [shown, lines] = setupBlock(cmd.slice(1) as SetupKey);
    return { cmd: shown, phase, block: lines };
  };
  return [
    ...(c.steps ?? []).map((s) => planned(s, 'install')),
    planned(c.cmd, c.phase ?? 'script'),
    ...(c.after ?? []).map((s) => planned(s, 'script')),
  ];
}

/** A captured block's lines as a step's output. */
export const blockOutput = (lines: string[]) => lines.join('\n') + '\n';
