import type { Writable } from 'node:stream';
import { maskOutputDeep } from '../runner/secrets/known-secrets.js';

/**
 * Prints `value` as one line of JSON, masked by value first (every string in it). Written as bytes, so
 * the terminal's text mask (maskedWritable) lets it pass: masking serialised JSON could eat an escaped
 * quote (`"Authorization: Bearer $X\"`) and print something no JSON reader can parse.
 */
export function writeJson(out: Writable, value: unknown): void {
  out.write(Buffer.from(`${JSON.stringify(maskOutputDeep(value))}\n`));
}
