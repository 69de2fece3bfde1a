import { COMMAND_PREFIX } from './command-table.js';

export interface CommandLine {
  text: string;
  line: number;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const QUOTE = /^ {0,3}>/;
const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const COMMAND = new RegExp(`^ {0,3}${escapeRegex(COMMAND_PREFIX)}(?=\\s|$)`, 'i');

/**
 * The lines of a comment that hold a command: starting with `/close-loop` (at most three spaces in,
 * as Markdown allows before a paragraph), outside fenced code blocks and blockquotes — a quoted
 * command in a reply, or one shown in an example, must not run again. Line numbers count from 1.
 */
export function commandLines(body: string): CommandLine[] {
  const found: CommandLine[] = [];
  let fence: { char: string; length: number } | undefined;
  body.split(/\r\n|\r|\n/).forEach((text, index) => {
    const marker = FENCE.exec(text);
    if (fence) {
      const run = marker?.[1] ?? '';
      if (run.startsWith(fence.char) && run.length >= fence.length && (marker?.[2] ?? '').trim() === '')
        fence = undefined;
      return;
    }
    // A backtick fence's info string may not contain a backtick (CommonMark): "```a```" is inline code.
    if (marker && !(marker[1]?.startsWith('`') && marker[2]?.includes('`'))) {
      fence = { char: marker[1]?.charAt(0) ?? '`', length: marker[1]?.length ?? 3 };
      return;
    }
    if (QUOTE.test(text) || !COMMAND.test(text)) return;
    found.push({ text: text.trim(), line: index + 1 });
  });
  return found;
}
