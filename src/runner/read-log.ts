import type { LogSource } from '../core/analyze/render-diagnosis.js';
import { BinaryInputError, forEachLine } from './for-each-line.js';
import { InputError, openInput } from './open-inputs.js';
import type { Readable } from 'node:stream';

/**
 * Streams the files (or stdin for `-`) through the analyzer as one log, each file a step, and returns
 * where each file starts so a report can say "build.log line 12" rather than "line 3012".
 */
export async function readLog(files: readonly string[], io: { cwd: string; stdin: Readable }, analyzer: { push(line: string): void; startStep?(): void }): Promise<LogSource[]> {
  const sources: LogSource[] = [];
  let firstLine = 1;
  for (const [i, file] of files.entries()) {
    const name = file === '-' ? 'stdin' : file;
    if (i > 0) analyzer.startStep?.();
    try {
      const count = await forEachLine(openInput(file, io.cwd, io.stdin), analyzer.push, name);
      sources.push({ name, firstLine, lineCount: count });
      firstLine += count;
    } catch (err) {
      if (err instanceof BinaryInputError) throw new InputError(err.message);
      const code = (err as NodeJS.ErrnoException).code;
      if (code) throw new InputError(`cannot read ${name}: ${(err as Error).message}`);
      throw err;
    }
  }
  return sources;
}
