import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { describeBinary } from '../core/analyze/sniff-encoding.js';

/** A line longer than this is cut: a log of one 100 MB line must not become one 100 MB string. */
export const MAX_BUFFERED_LINE = 64 * 1024;
const HALF = MAX_BUFFERED_LINE / 2;

export class BinaryInputError extends Error {}

/**
 * Calls onLine for every line of a stream, in order, holding at most one chunk and one (capped) partial
 * line in memory. Handles \n and \r\n, UTF-8 and UTF-16 byte-order marks; a final line without a newline
 * counts. A line over the cap keeps its first and last halves. Binary input (a zip of GitHub's logs, a
 * gzip, an executable) is refused with a BinaryInputError naming what it looks like.
 */
export async function forEachLine(stream: Readable, onLine: (line: string) => void, name = 'input'): Promise<number> {
  let decoder: StringDecoder | undefined;
  let partial = '';
  let tail: string | null = null; // set while inside an over-long line: its most recent characters
  let count = 0;
  const emit = (line: string): void => {
    count++;
    onLine(line.endsWith('\r') ? line.slice(0, -1) : line);
  };
  const take = (text: string): void => {
    let start = 0;
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
      const piece = text.slice(start, nl);
      if (tail !== null) emit(`${partial} … ${(tail + piece).slice(-HALF)}`);
      else emit(partial + piece);
      partial = '';
      tail = null;
      start = nl + 1;
    }
    const rest = text.slice(start);
    if (tail !== null) {
      tail = (tail + rest).slice(-HALF);
    } else if (partial.length + rest.length > MAX_BUFFERED_LINE) {
      const whole = partial + rest;
      partial = whole.slice(0, HALF);
      tail = whole.slice(-HALF);
    } else {
      partial += rest;
    }
  };
  for await (const chunk of stream) {
    if (typeof chunk === 'string') {
      take(chunk);
      continue;
    }
    let bytes = chunk as Buffer;
    if (!decoder) {
      const binary = describeBinary(bytes);
      if (binary) throw new BinaryInputError(`${name} ${binary}`);
      const utf16 = bytes[0] === 0xff && bytes[1] === 0xfe;
      decoder = new StringDecoder(utf16 ? 'utf16le' : 'utf8');
      if (utf16) bytes = bytes.subarray(2);
      else if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
    }
    take(decoder.write(bytes));
  }
  if (decoder) take(decoder.end());
  if (partial || tail !== null) emit(tail !== null ? `${partial} … ${tail}` : partial);
  return count;
}
