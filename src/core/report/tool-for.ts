import { TOOLS } from '../patterns/tools/index.js';

const matches = (signal: string | RegExp, line: string): boolean =>
  typeof signal === 'string' ? line.toLowerCase().includes(signal.toLowerCase()) : signal.test(line);

/**
 * The tool that printed a failure, as people name it (`tsc (TypeScript)`, `eslint`): the first tool of the
 * catalogue with a command of its own whose signal for `pattern` is on one of the lines. Null when none is
 * (words any tool may print name no tool).
 */
export function toolFor(pattern: string | null, text: string): string | null {
  if (pattern === null || text === '') return null;
  const lines = text.split(/\r?\n/);
  for (const tool of TOOLS) {
    if (tool.commands === undefined) continue;
    const signals = (tool.signals as Record<string, readonly (string | RegExp)[] | undefined> | undefined)?.[
      pattern
    ];
    if (signals?.some((s) => lines.some((l) => matches(s, l)))) return tool.name;
  }
  return null;
}
