import { stripAnsi } from './clean-line.js';

/** Prefixes that differ between runs and machines: CI workspaces, temporary and home directories. */
const VOLATILE_PATHS: readonly RegExp[] = [
  /\/home\/runner\/work\/[^/\s]+\/[^/\s]+\//g,
  /\/github\/workspace\//g,
  /\/builds\/[^/\s]+\/[^/\s]+\//g,
  /\/home\/travis\/build\/[^/\s]+\/[^/\s]+\//g,
  /\/var\/lib\/jenkins\/workspace\/[^/\s]+\//g,
  /\/var\/lib\/buildkite-agent\/builds\/[^/\s]+\/[^/\s]+\/[^/\s]+\//g,
  /\/home\/vsts\/work\/\d+\/s\//g,
  /[A-Za-z]:\\a\\[^\\\s]+\\[^\\\s]+\\/g,
  /(?:\/private)?\/var\/folders\/[^\s]*?\/T\/(?:[^/\s]+\/)?/g,
  /\/tmp\/[^/\s]+\//g,
  /[A-Za-z]:\\Users\\[^\\\s]+\\AppData\\Local\\Temp\\(?:[^\\\s]+\\)?/gi,
  /(?:\/Users|\/home)\/[^/\s]+\//g,
];

/**
 * A first error line reduced to what is stable across runs: no ANSI colours, no CI/temp/home path
 * prefixes, no line:col numbers, hex addresses, long hashes, timestamps or durations; whitespace
 * collapsed, lower-cased. Two runs of the same failure give the same text.
 */
export function normaliseErrorLine(line: string): string {
  let out = stripAnsi(line);
  for (const prefix of VOLATILE_PATHS) out = out.replace(prefix, '');
  return out
    .replace(/\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?/g, '<time>')
    .replace(/\b0x[0-9a-f]+\b/gi, '0x?')
    .replace(/\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{8,}\b/gi, '<hash>')
    .replace(/(\.[A-Za-z]{1,6})[:(]\d+(?:[:,]\d+)?\)?/g, '$1')
    .replace(/\b(?:line|ln)\s+\d+(?:,?\s*(?:column|col)\s+\d+)?/gi, 'line ?')
    .replace(/\b\d+(?:\.\d+)?\s?(?:ms|s|sec|seconds?|m|min|minutes?|h)\b/gi, '<dur>')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}
