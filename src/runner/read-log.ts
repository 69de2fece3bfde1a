import type { LogSource } from '../core/analyze/render-diagnosis.js';
import { BinaryInputError, forEachLine } from './for-each-line.js';
import { InputError, openInput } from './open-inputs.js';
import type { Readable } from 'node:stream';

/**
 * Streams the files (or stdin for `-`) through the analyzer as one log, each file a step, and returns
 * where each file starts so a report can say "build.log line 12" rather than "line 3012".
 */
export async function readLog(
  files: readonly string[],
  io: { cwd: string; stdin: Readable },
  analyzer: {
    push(line: string): void;
    startStep?(): void;
    pushBytes?(chunk: Uint8Array): void;
    endBytes?(): void;
    lines?(): number;
  },
): Promise<LogSource[]> {
  const sources: LogSource[] = [];
  let firstLine = 1;
  for (const [i, file] of files.entries()) {
    const name = file === '-' ? 'stdin' : file;
    if (i > 0) analyzer.startStep?.();
    try {
      const { pushBytes, endBytes, lines } = analyzer;
      const sink = pushBytes && endBytes && lines ? { push: pushBytes, end: endBytes } : undefined;
      const before = lines?.() ?? 0;
      // Lines cut from bytes are counted by the analyzer; lines decoded here, by forEachLine.
      const decoded = await forEachLine(openInput(file, io.cwd, io.stdin), analyzer.push, name, sink);
      const count = decoded + (sink ? lines!() - before : 0);
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
