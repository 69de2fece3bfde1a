/** Tools whose own fixer auto_fix knows. */
export type FixerTool =
  'eslint' | 'prettier' | 'biome' | 'ruff' | 'black' | 'isort' | 'cargo-fmt' | 'clippy' | 'gofmt' | 'go-mod';

/** Tools that only format: preferred for format errors when a command runs several. */
const FORMATTERS: ReadonlySet<FixerTool> = new Set(['prettier', 'black', 'isort', 'cargo-fmt', 'gofmt']);

/** How each tool shows in a check command. Order matters only for ties. */
const IN_COMMAND: readonly (readonly [FixerTool, RegExp])[] = [
  ['eslint', /\beslint\b/],
  ['prettier', /\bprettier\b/],
  ['biome', /\bbiome\b/],
  ['ruff', /\bruff\b/],
  ['black', /\bblack\b/],
  ['isort', /\bisort\b/],
  ['cargo-fmt', /\bcargo\s+fmt\b|\brustfmt\b/],
  ['clippy', /\bcargo\s+clippy\b/],
  ['gofmt', /\bgofmt\b/],
  ['go-mod', /\bgo\s+mod\s+(tidy|verify)\b/],
];

/** How each tool's own output looks, for checks run through a script (`npm run lint`). */
const IN_OUTPUT: readonly (readonly [FixerTool, RegExp])[] = [
  ['eslint', /^\s*\d+:\d+\s+(error|warning)\s+.+\s{2,}[@\w/-]+\s*$|✖ \d+ problems? \(/m],
  ['prettier', /^\[warn\] .*(Code style issues|Forgot to run Prettier)|\bprettier\b/im],
  ['biome', /\blint\/\w+\/\w+|^\S+ format ━|\bbiome\b/m],
  ['ruff', /\bruff\b|^\S+:\d+:\d+: [A-Z]{1,4}\d{3,4} \[\*\]|fixable with the `--fix` option/m],
  ['black', /^would reformat |\d+ files? would be reformatted/m],
  ['isort', /Imports are incorrectly sorted|^\S+ Imports are incorrectly sorted|\bisort\b/m],
  ['cargo-fmt', /^Diff in \S+\.rs:\d+:/m],
  ['clippy', /\bclippy\b/],
  ['gofmt', /\bgofmt\b|^diff \S+\.go\.orig \S+\.go$/m],
  ['go-mod', /missing go\.sum entry|go: updates to go\.mod needed|go\.mod file indicates go/],
];

const find = (table: typeof IN_COMMAND, text: string): FixerTool[] =>
  table.filter(([, re]) => re.test(text)).map(([tool]) => tool);

/**
 * Picks the tool among several that matches the failure: a formatter for format errors, a linter otherwise.
 */
function pick(tools: FixerTool[], formatError: boolean): FixerTool | null {
  if (tools.length <= 1) return tools[0] ?? null;
  const preferred = tools.filter((t) => FORMATTERS.has(t) === formatError);
  return preferred[0] ?? tools[0] ?? null;
}

/**
 * The tool that failed: its output in the evidence is the best witness; the check command decides
 * between the tools it runs (`eslint . && prettier --check .`), or alone when the evidence names none.
 */
export function recogniseTool(
  command: string | null,
  evidence: string,
  formatError: boolean,
): FixerTool | null {
  const fromCommand = command === null ? [] : find(IN_COMMAND, command);
  const fromOutput = find(IN_OUTPUT, evidence);
  const both = fromCommand.filter((t) => fromOutput.includes(t));
  return pick(both, formatError) ?? pick(fromOutput, formatError) ?? pick(fromCommand, formatError);
}

export function isNodeTool(tool: FixerTool): boolean {
  return tool === 'eslint' || tool === 'prettier' || tool === 'biome';
}
