import { LineCounter, isAlias, parseDocument, visit, type Document, type Node } from 'yaml';
import type { z } from 'zod';
import { formatConfigPath, type ConfigError } from './config-error.js';
import { describeIssue } from './describe-issue.js';
import { locateNode, position } from './locate-node.js';
import { patternLimitIssue } from './pattern-limits.js';
import { ConfigSchema, defaultConfig, type Config } from './schema.js';
import { MAX_CONFIG_BYTES } from '../limits.js';

export { formatConfigError, type ConfigError } from './config-error.js';

export type ParseConfigResult = { ok: true; config: Config } | { ok: false; error: ConfigError };

/**
 * Parses and validates the text of `.github/closed-loop.yml`. `file` is only used in errors. Empty
 * text (or only comments) gives the defaults. On failure it returns the first mistake in the file,
 * located at its line and column. Never throws.
 */
export function parseConfig(text: string, file: string): ParseConfigResult {
  try {
    return parseUnsafe(text, file);
  } catch (cause) {
    const detail = cause instanceof Error ? cause.message : String(cause);
    return fail({ file, line: 1, column: 1, path: '', message: `could not read the config: ${detail}` });
  }
}

const fail = (error: ConfigError): ParseConfigResult => ({ ok: false, error });

function parseUnsafe(text: string, file: string): ParseConfigResult {
  if (text.length > MAX_CONFIG_BYTES) {
    return fail({
      file,
      line: 1,
      column: 1,
      path: '',
      message: `the config is ${text.length} characters; the cap is ${MAX_CONFIG_BYTES} (1 MiB): a config is a page of YAML`,
    });
  }
  if (text.trim() === '') return { ok: true, config: defaultConfig() };
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  const syntax = doc.errors[0];
  if (syntax !== undefined) {
    const { line, col } = lineCounter.linePos(syntax.pos[0]);
    const message = `invalid YAML: ${lowerFirst(syntax.message.split('\n')[0] ?? '')}`;
    return fail({ file, line, column: col, path: '', message });
  }
  let raw: unknown;
  try {
    raw = doc.toJS();
  } catch (cause) {
    const at = position(firstAlias(doc) ?? doc.contents, lineCounter);
    const detail = cause instanceof Error ? lowerFirst(cause.message) : String(cause);
    return fail({ file, ...at, path: '', message: `invalid YAML: ${detail}` });
  }
  if (raw === null || raw === undefined) return { ok: true, config: defaultConfig() };
  const data = plainData(raw);
  const limit = patternLimitIssue(data);
  if (limit !== null) {
    const at = locateNode(doc, lineCounter, limit.path, limit.target);
    const hint = limit.hint === undefined ? {} : { hint: limit.hint };
    return fail({ file, ...at, path: formatConfigPath(limit.path), message: limit.message, ...hint });
  }
  const result = ConfigSchema.safeParse(data, { reportInput: true });
  if (result.success) return { ok: true, config: result.data };
  const errors = result.error.issues.map((issue) => toConfigError(issue, doc, lineCounter, file));
  errors.sort((a, b) => a.line - b.line || a.column - b.column);
  return fail(explainedMissing(errors) ?? errors[0]!);
}

function toConfigError(
  issue: z.core.$ZodIssue,
  doc: Document,
  lineCounter: LineCounter,
  file: string,
): ConfigError {
  const { path, target, message, hint } = describeIssue(ConfigSchema, issue);
  const at = locateNode(doc, lineCounter, path, target);
  return { file, ...at, path: formatConfigPath(path), message, ...(hint === undefined ? {} : { hint }) };
}

/**
 * `signal: [x]` gives two issues: `signals` is missing, and `signal` is unknown with the hint
 * `did you mean "signals"?`. The misspelling is the one to report.
 */
function explainedMissing(errors: readonly ConfigError[]): ConfigError | undefined {
  const missing = errors.filter((e) => e.message.startsWith('missing required key'));
  return errors.find(
    (e) =>
      e.message === 'unknown key' &&
      missing.some((m) => {
        const parent = e.path.slice(0, e.path.lastIndexOf('.'));
        return (
          e.hint === `did you mean "${m.path.slice(m.path.lastIndexOf('.') + 1)}"?` &&
          m.path.startsWith(parent)
        );
      }),
  );
}

/**
 * YAML's `!!omap`, `!!pairs` and `!!set` come out of the parser as a Map or a Set, in which the schema
 * would see no key at all (an unknown key passing unreported, a known one ignored): they are read as the
 * plain mappings they spell, so every key is checked like any other.
 */
function plainData(value: unknown): unknown {
  if (value instanceof Map) return Object.fromEntries([...value].map(([k, v]) => [String(k), plainData(v)]));
  if (value instanceof Set) return Object.fromEntries([...value].map((k) => [String(k), null]));
  if (Array.isArray(value)) return value.map(plainData);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plainData(v)]));
  return value;
}

function firstAlias(doc: Document): Node | undefined {
  let found: Node | undefined;
  visit(doc, {
    Alias(_key, node) {
      found = node;
      return visit.BREAK;
    },
  });
  return isAlias(found) ? found : undefined;
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
