import { UsageError } from './io.js';

/** Runs node:util parseArgs and turns its errors into one line naming the command and the bad flag. */
export function parseFlags<T>(parse: () => T, command: string): T {
  try {
    return parse();
  } catch (err) {
    const message =
      (err as Error).message.split('\n')[0]?.replace(/\. To specify a positional.*$/, '') ?? 'bad arguments';
    throw new UsageError(`${command}: ${message} (see closed-loop ${command} --help)`);
  }
}
