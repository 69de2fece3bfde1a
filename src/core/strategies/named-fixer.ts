import { runScript, type ProjectFacts } from './project-facts.js';
import { shellJoin } from './shell-quote.js';

export interface NamedFixer {
  command: string;
  why: string;
}

/** What a tool says to run: `run X`, `Run: X`, `please run X`, `re-run X`, quoted or bare. */
const RUN_PHRASE =
  /\b(?:re-?)?run(?:ning)?:?[ \t]+(`[^`\n]+`|'[^'\n]+'|"[^"\n]+"|[^\s`'"]+(?:[ \t]+[^\s`'"]+){0,3})/gi;
/** A path argument: no option, no shell syntax, nothing outside the repository. */
const PATH_ARG = /^(?!-)[\w./@+-]+$/;
/** Scripts that only check: running them fixes nothing. */
const CHECK_ONLY = /--check\b|--list-different\b|--dry-run\b|(^|\s)-l(\s|$)/;

/**
 * Known tool commands a check's output may name as its fix, each with the command closed-loop runs and
 * the path arguments it accepts (none, or paths only).
 */
const TOOLS: readonly { re: RegExp; run: (paths: string[]) => string }[] = [
  { re: /^black((?:\s+\S+)*)$/, run: (p) => `black ${args(p)}` },
  { re: /^isort((?:\s+\S+)*)$/, run: (p) => `isort ${args(p)}` },
  { re: /^ruff\s+format((?:\s+\S+)*)$/, run: (p) => `ruff format ${args(p)}` },
  { re: /^ruff\s+check\s+--fix((?:\s+\S+)*)$/, run: (p) => `ruff check --fix ${args(p)}` },
  { re: /^cargo\s+fmt(\s+--all)?$/, run: () => 'cargo fmt --all' },
  { re: /^gofmt\s+-w((?:\s+\S+)*)$/, run: (p) => `gofmt -w ${args(p)}` },
  { re: /^go\s+mod\s+tidy()$/, run: () => 'go mod tidy' },
  { re: /^go\s+generate((?:\s+\S+)*)$/, run: (p) => `go generate ${p.length > 0 ? shellJoin(p) : './...'}` },
  {
    re: /^(?:npx\s+)?prettier\s+(?:--write|-w)((?:\s+\S+)*)$/,
    run: (p) => `npx prettier --write ${args(p)}`,
  },
  { re: /^(?:npx\s+)?eslint\s+--fix((?:\s+\S+)*)$/, run: (p) => `npx eslint --fix ${args(p)}` },
];

const args = (paths: string[]): string => (paths.length > 0 ? `-- ${shellJoin(paths)}` : '.');

/** `npm run x`, `pnpm [run] x`, `yarn [run] x`, `bun run x`: the script name, when the text is just that. */
const SCRIPT_RUN = /^(?:npm\s+run(?:-script)?|pnpm(?:\s+run)?|yarn(?:\s+run)?|bun\s+run)\s+([\w:.-]+)$/;

function fromCommand(text: string, project: ProjectFacts, ownScript: string | null): NamedFixer | null {
  const script = SCRIPT_RUN.exec(text)?.[1];
  if (script !== undefined) {
    const body = project.scripts[script];
    if (body === undefined || CHECK_ONLY.test(body) || script === ownScript) return null;
    return {
      command: runScript(project.packageManager, script),
      why: `the check's output says to run the project script "${script}"`,
    };
  }
  for (const tool of TOOLS) {
    const m = tool.re.exec(text);
    if (!m) continue;
    const paths = (m[m.length - 1] ?? '').trim().split(/\s+/).filter(Boolean);
    if (!paths.every((p) => PATH_ARG.test(p) && !p.split('/').includes('..'))) return null;
    return { command: tool.run(paths), why: `the check's output says to run ${text}` };
  }
  return null;
}

/**
 * The fixer a failing check's own output names (`run npm run generate to regenerate`, `Run black`,
 * `please run cargo fmt`), when it is a script of the project or a known tool's fixing command; null
 * otherwise. A log can print anything, so nothing else it names is ever run: a script must be the
 * project's own, a tool command one of a short list, with plain paths as its only arguments.
 * `ownScript`: the script the check itself runs, which fixes nothing when run again.
 */
export function namedFixer(
  output: string,
  project: ProjectFacts,
  ownScript: string | null,
): NamedFixer | null {
  for (const m of output.matchAll(RUN_PHRASE)) {
    const said = (m[1] ?? '').trim();
    const quoted = /^[`'"]/.test(said);
    const words = (quoted ? said.slice(1, -1) : said).trim().split(/\s+/);
    // Quoted, the whole command; bare, the shortest leading words that make one (`black to fix` → black).
    const tries = quoted ? [words.join(' ')] : words.map((_, i) => words.slice(0, i + 1).join(' '));
    for (const text of tries) {
      const found = fromCommand(text.replace(/(?<=\S)[.:;,]+$/, ''), project, ownScript);
      if (found !== null) return found;
    }
  }
  return null;
}

/** The script a check command runs (`npm run lint` → lint), or null. */
export function scriptOf(command: string | null): string | null {
  if (command === null) return null;
  return SCRIPT_RUN.exec(command.trim())?.[1] ?? (/^npm\s+test$/.test(command.trim()) ? 'test' : null);
}
