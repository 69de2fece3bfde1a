import { parseAllDocuments } from 'yaml';
import { parse as parseToml } from 'smol-toml';
import type { ChangedFile } from './change-facts.js';
import { matchesAny } from './match-glob.js';
import { stripJsonComments } from './strip-json-comments.js';

/** JSON files whose tools accept comments and trailing commas. */
const JSONC_FILES = [
  '**/*.jsonc',
  '**/tsconfig*.json',
  '**/jsconfig*.json',
  '**/.vscode/**/*.json',
  '**/.devcontainer/**/*.json',
  '**/.devcontainer.json',
  '**/.eslintrc.json',
  '**/biome.json',
  '**/turbo.json',
];

type Format = 'json' | 'jsonc' | 'yaml' | 'toml';

/** The format `path` is checked as, by its name; null for files this gate does not parse. */
function syntaxFormat(path: string): Format | null {
  const lower = path.toLowerCase();
  if (lower.endsWith('.yaml') || lower.endsWith('.yml')) return 'yaml';
  if (lower.endsWith('.toml')) return 'toml';
  if (lower.endsWith('.jsonc') || (lower.endsWith('.json') && matchesAny(JSONC_FILES, path))) return 'jsonc';
  if (lower.endsWith('.json')) return 'json';
  return null;
}

/**
 * Why `file` does not parse, as `line N: what the parser said`; null when it parses, is deleted, is
 * not YAML/JSON/TOML, or has no text to read (binary or over the size cap, which the size gate judges).
 */
export function syntaxError(file: ChangedFile): string | null {
  const format = syntaxFormat(file.path);
  if (file.status === 'deleted' || file.text === undefined || format === null) return null;
  const text = file.text.replace(/^\uFEFF/, '');
  switch (format) {
    case 'yaml':
      return yamlError(text);
    case 'toml':
      return tomlError(text);
    case 'json':
      return jsonError(text);
    case 'jsonc':
      return jsonError(stripJsonComments(text));
  }
}

function yamlError(text: string): string | null {
  for (const doc of parseAllDocuments(text, { prettyErrors: false })) {
    const error = doc.errors[0];
    if (!error) continue;
    const line = error.linePos?.[0].line ?? lineAt(text, error.pos[0]);
    return `invalid YAML at line ${line}: ${firstLine(error.message)}`;
  }
  return null;
}

function tomlError(text: string): string | null {
  try {
    parseToml(text);
    return null;
  } catch (error) {
    const { line, message } = error as { line?: number; message: string };
    const what = firstLine(message).replace(/^Invalid TOML document:\s*/i, '');
    return `invalid TOML at line ${line ?? '?'}: ${what}`;
  }
}

function jsonError(text: string): string | null {
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    const message = firstLine((error as Error).message);
    const position = /at position (\d+)/.exec(message);
    const line = position ? lineAt(text, Number(position[1])) : text.split('\n').length;
    const what = message
      .replace(/\s*in JSON at position \d+.*$/, '')
      .replace(/\s*\(line \d+ column \d+\)$/, '');
    return `invalid JSON at line ${line}: ${what}`;
  }
}

const firstLine = (message: string): string => (message.split('\n')[0] ?? '').trim();
const lineAt = (text: string, offset: number): number => text.slice(0, offset).split('\n').length;
