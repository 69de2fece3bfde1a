import { readFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import process from 'node:process';

/** `import text from './x.yml?raw'` — the same convention vite/vitest understand natively. */
const rawPlugin = {
  name: 'raw',
  setup(b) {
    b.onResolve({ filter: /\?raw$/ }, (args) => ({
      // Relative, so the bundle does not depend on where the repository was cloned.
      path: relative(process.cwd(), resolve(args.resolveDir, args.path.replace(/\?raw$/, ''))),
      namespace: 'raw',
    }));
    b.onLoad({ filter: /.*/, namespace: 'raw' }, async (args) => ({
      contents: await readFile(resolve(args.path), 'utf8'),
      loader: 'text',
    }));
  },
};

/** How every bundle is built: dist/'s (scripts/build.mjs) and the bench's floors (bench/analyze.bench.ts). */
export const bundleOptions = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  banner: {
    // The V8 flag: a regular expression that backtracks too much (a custom pattern like a*a*b on a long
    // line) falls back to V8's linear-time engine instead of hanging the run. Set before any code runs.
    js:
      "#!/usr/bin/env node\nimport { createRequire as __cl_cr } from 'node:module'; const require = __cl_cr(import.meta.url);\n" +
      "import { setFlagsFromString as __cl_v8 } from 'node:v8'; __cl_v8('--enable-experimental-regexp-engine-on-excessive-backtracks');",
  },
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [rawPlugin],
  define: {
    __VERSION__: JSON.stringify(
      JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')).version,
    ),
  },
};
