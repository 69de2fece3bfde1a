/** Test runners whose command line names the test files (`mocha tests.js`, `node --test test/*.js`). */
const RUNNERS = /^(?:mocha|_mocha|tape|ava|jest|vitest|tap|uvu|node|c8|nyc|tsx|ts-node|borp|lab|jasmine)$/;
/** A test script's argument that is a file or glob: has a slash, a dot or a star, and is not an option. */
const FILE_ARG = /^(?!-)(?=.*[./*])[\w./*{},@-]+$/;

/** Files and globs a package.json's test scripts pass their runner (`mocha tests.js`, `tape test/*.js`). */
export function scriptTestGlobs(scripts: Readonly<Record<string, string>>): string[] {
  const out: string[] = [];
  for (const [name, body] of Object.entries(scripts)) {
    if (!/^(test|tests|spec|coverage)(:|$)/.test(name)) continue;
    for (const command of body.split(/&&|\|\||;/)) {
      const words = command
        .trim()
        .split(/\s+/)
        .map((w) => w.replace(/^['"]|['"]$/g, ''));
      if (!words.some((w) => RUNNERS.test(w.split('/').pop() ?? ''))) continue;
      for (const w of words) if (FILE_ARG.test(w) && !RUNNERS.test(w)) out.push(w.replace(/^\.\//, ''));
    }
  }
  return out;
}

/** `spec` of a .mocharc (json, yaml) or package.json's `mocha` field, as written. */
export function mochaSpecGlobs(config: string): string[] {
  const yamlList = [...config.matchAll(/^\s*spec\s*:\s*\n((?:[ \t]+-[ \t]*.+\n?)+)/gm)].flatMap((x) =>
    (x[1] ?? '').split('\n').map((l) => l.replace(/^\s*-\s*/, '').trim()),
  );
  const m = /["']?spec["']?[ \t]*:[ \t]*(\[[^\]]*\]|["'][^"']+["']|[^\s,#]+)/.exec(config);
  const raw = yamlList.length > 0 || !m ? '' : (m[1] ?? '').trim();
  const listed = raw.startsWith('[') ? raw.slice(1, -1).split(',') : [raw];
  return [...listed, ...yamlList]
    .map((s) =>
      s
        .trim()
        .replace(/^['"]|['"]$/g, '')
        .replace(/^\.\//, ''),
    )
    .filter((s) => s !== '');
}

/** pytest's `testpaths` (folders) and `python_files` (file name globs) from its ini or pyproject section. */
export function pytestGlobs(config: string): string[] {
  const list = (key: string): string[] => {
    const m = new RegExp(`^\\s*${key}\\s*=\\s*(\\[[^\\]]*\\]|[^\\n]+)`, 'm').exec(config);
    if (!m) return [];
    return (m[1] ?? '')
      .replace(/^\[|\]$/g, '')
      .split(/[\s,]+/)
      .map((s) => s.replace(/^['"]|['"]$/g, ''))
      .filter((s) => s !== '');
  };
  return [
    ...list('testpaths').map((p) => `${p.replace(/\/+$/, '')}/**`),
    ...list('python_files').map((f) => `**/${f}`),
  ];
}

/** A glob (`*`, `**`, `?`, `{a,b}`) as a regular expression over repository paths. */
function globToRegExp(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] ?? '';
    if (c === '*' && glob[i + 1] === '*') {
      re += glob[i + 2] === '/' ? '(?:.*/)?' : '.*';
      i += glob[i + 2] === '/' ? 2 : 1;
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else if (c === '{') {
      const close = glob.indexOf('}', i);
      if (close < 0) re += '\\{';
      else {
        re += `(?:${glob
          .slice(i + 1, close)
          .split(',')
          .map((p) => p.replace(/[.+^$()|[\]\\]/g, '\\$&'))
          .join('|')})`;
        i = close;
      }
    } else re += c.replace(/[.+^$()|[\]\\]/g, '\\$&');
  }
  // A folder named alone (`test`) holds the test files under it.
  return new RegExp(`^${re}(?:/.*)?$`);
}

/** Whether `file` (repository- or package-relative) is one of the runner's test files. */
export function matchesTestGlobs(file: string, globs: readonly string[]): boolean {
  const path = file.replace(/^\.\//, '');
  return globs.some((g) => globToRegExp(g).test(path));
}
