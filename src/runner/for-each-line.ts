import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

/** A line longer than this is cut: a log of one 100 MB line must not become one 100 MB string. */
export const MAX_BUFFERED_LINE = 64 * 1024;

/**
 * Calls onLine for every line of a stream, in order, holding at most one chunk and one (capped) partial
 * line in memory. Handles \n and \r\n; a final line without a newline counts.
 */
export async function forEachLine(stream: Readable, onLine: (line: string) => void): Promise<number> {
  const decoder = new StringDecoder('utf8');
  let partial = '';
  let skipping = false;
  let count = 0;
  const emit = (line: string): void => {
    count++;
    onLine(line.endsWith('\r') ? line.slice(0, -1) : line);
  };
  const take = (text: string): void => {
    let start = 0;
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
      if (skipping) skipping = false;
      else emit(partial + text.slice(start, nl));
      partial = '';
      start = nl + 1;
    }
    if (skipping) return;
    partial += text.slice(start);
    if (partial.length > MAX_BUFFERED_LINE) {
      emit(partial.slice(0, MAX_BUFFERED_LINE));
      partial = '';
      skipping = true;
    }
  };
  for await (const chunk of stream) take(typeof chunk === 'string' ? chunk : decoder.write(chunk as Buffer));
  take(decoder.end());
  if (partial && !skipping) emit(partial);
  return count;
}
