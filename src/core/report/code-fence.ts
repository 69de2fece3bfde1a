/**
 * Wraps `text` in a fenced code block whose fence is longer than any backtick run inside it, so no
 * content (a log that prints ``` itself) can close the block early. `indent` prefixes every line,
 * for a block nested under a list item.
 */
export function codeFence(text: string, lang = '', indent = ''): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  const body = text.replace(/\r\n?/g, '\n').replace(/\n+$/, '');
  return [`${fence}${lang}`, ...body.split('\n'), fence]
    .map((line) => `${indent}${line}`.trimEnd())
    .join('\n');
}
