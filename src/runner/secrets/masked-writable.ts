import type { Writable } from 'node:stream';
import { maskOutput } from './known-secrets.js';

/**
 * `target` with every string written to it masked first (maskOutput): the CLI's stdout and stderr, so
 * progress lines and error messages never show a secret. Callers write whole lines. Bytes pass as they
 * are: a JSON document is masked by value before it is serialised (the CLI's writeJson), since masking
 * its text could break it.
 */
export function maskedWritable(target: Writable): Writable {
  const out = Object.create(target) as Writable;
  out.write = ((chunk: unknown, ...rest: unknown[]) =>
    (target.write as (...args: unknown[]) => boolean)(
      typeof chunk === 'string' ? maskOutput(chunk) : chunk,
      ...rest,
    )) as Writable['write'];
  return out;
}
