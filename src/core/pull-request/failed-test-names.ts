import { cleanLine } from '../analyze/clean-line.js';

/**
 * Failing tests as vitest (`FAIL  file > suite > name`, `× name`), jest (`● suite › name`) and mocha/node
 * print them.
 */
const SHAPES = [
  /^\s*FAIL\s+(\S+\s+>\s+.+?)(?:\s+\d+m?s)?$/,
  /^\s*[×✕✗]\s+(.+?)(?:\s+\d+m?s)?$/,
  /^\s*●\s+(.+›.+)$/,
  /^not ok \d+ - (.+)$/,
];
const MAX_TEST_NAMES = 10;
/** A line none of these are in, once its escapes are out (an escape can split a word), names no test. */
export const TEST_NAME_LITERALS: readonly string[] = ['FAIL', '×', '✕', '✗', '●', 'not ok '];

/** Collects the names of failing tests from a log's lines, at most MAX_TEST_NAMES, each once. */
export function createTestNameCollector(): { push(raw: string): void; full(): boolean; names(): string[] } {
  const found: string[] = [];
  return {
    push(raw) {
      if (found.length >= MAX_TEST_NAMES || raw.length > 1000) return;
      const text = cleanLine(raw).text;
      for (const shape of SHAPES) {
        const name = shape.exec(text)?.[1]?.trim();
        if (!name) continue;
        // vitest prints `× name` then `FAIL  file > suite > name`: keep the full one, once.
        const shorter = found.findIndex((f) => name.endsWith(` > ${f}`));
        if (shorter >= 0) found[shorter] = name.slice(0, 200);
        else if (!found.some((f) => f === name || f.endsWith(` > ${name}`))) found.push(name.slice(0, 200));
        return;
      }
    },
    /** True once it holds as many names as it keeps: no line can change them then. */
    full: () => found.length >= MAX_TEST_NAMES,
    names: () => [...found],
  };
}
