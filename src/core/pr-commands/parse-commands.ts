import { didYouMean } from '../config/did-you-mean.js';
import { MAX_SKIP_REASON } from '../gates/gate-state.js';
import { GATES } from '../vocabulary.js';
import { commandLines } from './command-lines.js';
import { COMMAND_NAMES, COMMAND_PREFIX, type CommandName } from './command-names.js';

export interface ParsedCommand {
  name: CommandName | 'unknown';
  /** The words after the name; for approve and skip, the gates (lower case, each once). */
  args: string[];
  /** skip's `--reason`, without its quotes. */
  reason?: string;
  /** The line as written (trimmed, at most 300 characters). */
  raw: string;
  /** 1-based line in the comment. */
  line: number;
  /** What is wrong with it, for the reply; a command with an error must not run. */
  error?: string;
}

export const MAX_COMMANDS = 10;

/** `--reason`, `--reason=` and the dashes phones put in place of `--`. */
const REASON = /(?:^|\s)(?:--|—|–)reason(?:=|\s+|$)/i;
const QUOTES = /^["'“”„‘’«»]([\s\S]*)["'“”‘’«»]$/;
const GATE_LIST = GATES.join(', ');

/**
 * The `/close-loop` commands in a comment, in order: one per line, outside code blocks and quotes.
 * A bare `/close-loop` asks for help. Only the first MAX_COMMANDS run; when there are more, one
 * last entry with an error says how many were ignored. Never throws: the comment is untrusted.
 */
export function parseCommands(commentBody: string): ParsedCommand[] {
  const lines = commandLines(commentBody);
  const parsed = lines.slice(0, MAX_COMMANDS).map(({ text, line }) => parseLine(text, line));
  const extra = lines[MAX_COMMANDS];
  if (extra !== undefined) {
    const ignored = lines.length - MAX_COMMANDS;
    parsed.push({
      name: 'unknown',
      args: [],
      raw: clip(extra.text),
      line: extra.line,
      error: `a comment runs at most ${MAX_COMMANDS} commands; the ${ignored} from line ${extra.line} on were ignored — put them in another comment`,
    });
  }
  return parsed;
}

function parseLine(text: string, line: number): ParsedCommand {
  const rest = text.slice(COMMAND_PREFIX.length);
  const split = REASON.exec(rest);
  const head = split ? rest.slice(0, split.index) : rest;
  const reason = split ? unquote(rest.slice(split.index + split[0].length)) : undefined;
  const [word = 'help', ...args] = head
    .trim()
    .split(/\s+/)
    .filter((w) => w !== '');
  const name = word.toLowerCase();
  const base = { args, raw: clip(text), line, ...(reason !== undefined ? { reason } : {}) };
  if (!isCommandName(name)) {
    const guess = didYouMean(name, COMMAND_NAMES);
    return {
      name: 'unknown',
      ...base,
      args: [word, ...args],
      error: `unknown command "${clip(word, 40)}"${guess ? `; did you mean \`${COMMAND_PREFIX} ${guess}\`?` : ''} (\`${COMMAND_PREFIX} help\` lists them)`,
    };
  }
  if (name === 'apply' || name === 'undo') {
    const error = argsError(name, args);
    return { name, ...base, args: args.map((a) => a.toLowerCase()), ...(error ? { error } : {}) };
  }
  if (name !== 'approve' && name !== 'skip') return { name, ...base };
  const gates = [...new Set(args.map((a) => a.toLowerCase()))];
  const errors = [gateError(name, gates), name === 'skip' ? reasonError(reason) : undefined].filter(
    (e) => e !== undefined,
  );
  const error = errors.length > 0 ? errors.join('; and ') : undefined;
  return { name, ...base, args: gates, ...(error ? { error } : {}) };
}

function gateError(name: 'approve' | 'skip', gates: readonly string[]): string | undefined {
  const usage =
    name === 'approve' ? `${COMMAND_PREFIX} approve <gate>` : `${COMMAND_PREFIX} skip <gate> --reason "…"`;
  if (gates.length === 0) return `name the gate: \`${usage}\`, where <gate> is one of ${GATE_LIST}`;
  for (const gate of gates) {
    if ((GATES as readonly string[]).includes(gate)) continue;
    if (gate.startsWith('-'))
      return `unknown option "${clip(gate, 40)}"${name === 'skip' ? '; did you mean --reason?' : ''} (\`${usage}\`)`;
    const guess = didYouMean(gate, GATES);
    return `unknown gate "${clip(gate, 40)}"${guess ? `; did you mean "${guess}"?` : ''} — the gates are ${GATE_LIST}`;
  }
  return undefined;
}

/** apply takes nothing, `on` or `off`; undo takes nothing. */
function argsError(name: 'apply' | 'undo', args: readonly string[]): string | undefined {
  if (name === 'undo')
    return args.length === 0
      ? undefined
      : `\`${COMMAND_PREFIX} undo\` takes no arguments (it reverts the loop's last fix commit)`;
  if (args.length === 0 || (args.length === 1 && ['on', 'off'].includes(args[0]!.toLowerCase())))
    return undefined;
  return `\`${COMMAND_PREFIX} apply\` takes nothing (commit the proposed fix), \`on\` or \`off\`, not "${clip(args.join(' '), 40)}"`;
}

function reasonError(reason: string | undefined): string | undefined {
  if (reason === undefined || reason.trim() === '') {
    return `a skip needs a reason, so that reviewers can see why: \`${COMMAND_PREFIX} skip <gate> --reason "why this gate does not apply"\``;
  }
  if (reason.length > MAX_SKIP_REASON)
    return `the reason is ${reason.length} characters long; keep it under ${MAX_SKIP_REASON}`;
  return undefined;
}

/** The text without one pair of surrounding quotes (straight or typographic), trimmed. */
function unquote(text: string): string {
  const trimmed = text.trim();
  return (QUOTES.exec(trimmed)?.[1] ?? trimmed).trim();
}

const isCommandName = (word: string): word is CommandName =>
  (COMMAND_NAMES as readonly string[]).includes(word);
const clip = (text: string, max = 300): string => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);
