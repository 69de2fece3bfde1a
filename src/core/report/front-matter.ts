import { parse } from 'yaml';

export type FrontMatterValue = string | number | boolean | null | readonly (string | number)[];

/**
 * How a scalar is written: `quoted` always double-quotes (the seed quotes free text such as original_task).
 */
type ScalarStyle = 'plain' | 'quoted';

const PLAIN = /^[A-Za-z_][A-Za-z0-9_./-]*$|^\d{4}-\d{2}-\d{2}T[0-9:.]+Z$/;
const RESERVED = /^(?:true|false|null|yes|no|on|off|y|n|~)$/i;

function scalar(value: string | number | boolean | null, style: ScalarStyle, inFlow: boolean): string {
  if (value === null) return 'null';
  if (typeof value !== 'string') return String(value);
  const safe = PLAIN.test(value) && !RESERVED.test(value) && !(inFlow && /[:,[\]{}]/.test(value));
  // A JSON string is a valid YAML double-quoted scalar.
  return style === 'plain' && safe ? value : JSON.stringify(value);
}

/**
 * Renders YAML front matter in the seed's shape: one `key: value` per line, arrays in flow style
 * (`[a, b]`), free text double-quoted. Keys listed in `quoted` are always quoted.
 */
export function renderFrontMatter(
  fields: ReadonlyArray<readonly [string, FrontMatterValue]>,
  quoted: readonly string[] = [],
): string {
  const lines = fields.map(([key, value]) => {
    const style: ScalarStyle = quoted.includes(key) ? 'quoted' : 'plain';
    if (Array.isArray(value)) return `${key}: [${value.map((v) => scalar(v, style, true)).join(', ')}]`;
    return `${key}: ${scalar(value as string | number | boolean | null, style, false)}`;
  });
  return ['---', ...lines, '---'].join('\n');
}

/** Front matter and body of a markdown file, or null when it has no (parseable, mapping) front matter. */
export function splitFrontMatter(markdown: string): { data: Record<string, unknown>; body: string } | null {
  const text = markdown.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!text.startsWith('---\n')) return null;
  const end = text.indexOf('\n---', 3);
  if (end < 0) return null;
  const afterFence = text.indexOf('\n', end + 4);
  const body = afterFence < 0 ? '' : text.slice(afterFence + 1);
  try {
    const data: unknown = parse(text.slice(4, end + 1), {
      schema: 'core',
      uniqueKeys: false,
      logLevel: 'error',
    });
    if (data === null || typeof data !== 'object' || Array.isArray(data)) return null;
    return { data: data as Record<string, unknown>, body };
  } catch {
    return null;
  }
}
