import { StringDecoder } from 'node:string_decoder';
import type { ByteFeed } from '../core/analyze/feed-bytes.js';
import { describeBinary } from '../core/analyze/sniff-encoding.js';
import { createLineSplitter, MAX_BUFFERED_LINE } from './create-line-splitter.js';

export { MAX_BUFFERED_LINE };

export class BinaryInputError extends Error {}

/**
 * Calls onLine for every line of a stream, in order, holding at most one chunk and one (capped) partial
 * line in memory (see createLineSplitter). Handles UTF-8 and UTF-16 byte-order marks. Binary input (a
 * zip of GitHub's logs, a gzip, an executable) is refused with a BinaryInputError naming what it is.
 * `sink`: takes a UTF-8 input's bytes instead of its lines (the analyzer's pushBytes/endBytes).
 */
export async function forEachLine(
  stream: AsyncIterable<Buffer | string>,
  onLine: (line: string) => void,
  name = 'input',
  sink?: ByteFeed,
): Promise<number> {
  let decoder: StringDecoder | undefined;
  let count = 0;
  const splitter = createLineSplitter((line) => {
    count++;
    onLine(line);
  });
  let raw = false;
  for await (const chunk of stream) {
    if (raw) {
      sink!.push(chunk as Buffer);
      continue;
    }
    if (typeof chunk === 'string') {
      splitter.push(chunk);
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
      // UTF-8 goes to the byte sink undecoded: it cuts the lines itself and decodes those that matter.
      if (!utf16 && sink) {
        raw = true;
        sink.push(bytes);
        continue;
      }
    }
    splitter.push(decoder.write(bytes));
  }
  if (raw) {
    sink!.end();
    return 0;
  }
  if (decoder) splitter.push(decoder.end());
  splitter.end();
  return count;
}
