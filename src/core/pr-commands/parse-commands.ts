import { didYouMean } from '../config/did-you-mean.js';
import { commandLines } from './command-lines.js';
import { COMMAND_NAMES, COMMAND_PREFIX, COMMANDS, isCommandName, type CommandName } from './command-table.js';

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
  const base = { raw: clip(text), line, ...(reason !== undefined ? { reason } : {}) };
  if (!isCommandName(name)) {
    const guess = didYouMean(name, COMMAND_NAMES);
    return {
      name: 'unknown',
      ...base,
      args: [word, ...args],
      error: `unknown command "${clip(word, 40)}"${guess ? `; did you mean \`${COMMAND_PREFIX} ${guess}\`?` : ''} (\`${COMMAND_PREFIX} help\` lists them)`,
    };
  }
  const parsed = COMMANDS[name].parse(args, reason);
  return { name, ...base, ...parsed };
}

/** The text without one pair of surrounding quotes (straight or typographic), trimmed. */
function unquote(text: string): string {
  const trimmed = text.trim();
  return (QUOTES.exec(trimmed)?.[1] ?? trimmed).trim();
}

const clip = (text: string, max = 300): string => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);
