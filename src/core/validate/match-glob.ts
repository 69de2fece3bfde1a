/**
 * A minimal glob matcher for repository-relative paths (always `/`-separated):
 * - `*` matches any run of characters within one path segment, `?` exactly one character;
 * - `**` as a whole segment matches any number of segments, none included (`a/**` matches `a/b/c`,
 *   a leading `**` segment before `x` matches `x` and `a/b/x`); `**` inside a segment acts like `*`;
 * - `{a,b}` matches either alternative (nesting allowed), `[abc]` / `[a-z]` / `[!a]` one character;
 * - `\` escapes the next character.
 * Unlike picomatch's default, wildcards also match names that start with a dot: a forbidden
 * `.github/**` or an excluded test-file glob must not miss `.hidden/x.test.ts`.
 */
export function matchGlob(pattern: string, path: string): boolean {
  return compileGlob(pattern).test(normalise(path));
}

/** True when any of `patterns` matches `path`. */
export function matchesAny(patterns: readonly string[], path: string): boolean {
  return patterns.some((pattern) => matchGlob(pattern, path));
}

const cache = new Map<string, RegExp>();
const MAX_ALTERNATIVES = 1024;

function normalise(path: string): string {
  return path.replace(/^(?:\.\/)+/, '');
}

/** The anchored regular expression for `pattern` (memoised). */
function compileGlob(pattern: string): RegExp {
  let re = cache.get(pattern);
  if (!re) {
    const alternatives = expandBraces(normalise(pattern)).map(globToRegex);
    re = new RegExp(`^(?:${alternatives.join('|')})$`, 'u');
    cache.set(pattern, re);
  }
  return re;
}

/** Index of the `}` closing the `{` at `open`, skipping escapes and nested braces; -1 if none. */
function closingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\\') i++;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return i;
  }
  return -1;
}

/** Splits the inside of a brace group at its top-level commas. */
function splitTopLevel(body: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (ch === '\\') i++;
    else if (ch === '{') depth++;
    else if (ch === '}') depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(body.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(body.slice(start));
  return parts;
}

/** `a{b,c{d,e}}` → `ab`, `acd`, `ace`. A group without a comma stays literal. */
export function expandBraces(pattern: string): string[] {
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] === '\\') {
      i++;
      continue;
    }
    if (pattern[i] !== '{') continue;
    const close = closingBrace(pattern, i);
    if (close < 0) break;
    const options = splitTopLevel(pattern.slice(i + 1, close));
    if (options.length < 2) continue;
    const head = pattern.slice(0, i);
    const tails = expandBraces(pattern.slice(close + 1));
    const out = options.flatMap((option) =>
      expandBraces(option).flatMap((mid) => tails.map((tail) => head + mid + tail)),
    );
    if (out.length > MAX_ALTERNATIVES)
      throw new Error(`glob ${pattern} expands to more than ${MAX_ALTERNATIVES} alternatives`);
    return out;
  }
  return [pattern];
}

const escapeRegex = (ch: string): string => ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function globToRegex(glob: string): string {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i] ?? '';
    if (ch === '\\') {
      re += escapeRegex(glob[++i] ?? '\\');
    } else if (ch === '*') {
      let end = i;
      while (glob[end + 1] === '*') end++;
      const segmentStart = i === 0 || glob[i - 1] === '/';
      const segmentEnd = end + 1 === glob.length || glob[end + 1] === '/';
      if (end > i && segmentStart && segmentEnd) {
        if (end + 1 < glob.length) {
          re += '(?:.*/)?';
          end++;
        } // `**/x` also matches `x`: swallow the `/`
        else if (i === 0) re += '.*';
        else re = `${re.slice(0, -1)}(?:/.*)?`; // `a/**` matches `a/b/c` and `a` itself (drop the emitted `/`)
      } else {
        re += '[^/]*';
      }
      i = end;
    } else if (ch === '?') {
      re += '[^/]';
    } else if (ch === '[') {
      const close = glob.indexOf(']', i + 2);
      if (close < 0) {
        re += '\\[';
        continue;
      }
      const body = glob.slice(i + 1, close);
      const negated = body.startsWith('!') || body.startsWith('^');
      const chars = (negated ? body.slice(1) : body).replace(/[\\\]^]/g, '\\$&');
      re += negated ? `(?!/)[^${chars}]` : `[${chars}]`;
      i = close;
    } else {
      re += escapeRegex(ch);
    }
  }
  return re;
}
