// Bundles each entry into one self-contained file under dist/. Only the Action's bundle is committed (GitHub
// runs it from the repository; .ci/run checks it is fresh); the command and the App are built on install.
import { build } from 'esbuild';
import { readFile, rm } from 'node:fs/promises';
import { rawPlugin } from './raw-plugin.mjs';

const common = {
  outdir: 'dist',
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
  define: { __VERSION__: JSON.stringify(JSON.parse(await readFile('package.json', 'utf8')).version) },
};

// The command and the App: one self-contained file each, but for better-sqlite3, whose compiled addon the App
// loads from node_modules (pg's optional native binding is never used).
await build({
  ...common,
  external: ['better-sqlite3', 'pg-native'],
  entryPoints: [
    { in: 'src/cli/index.ts', out: 'cli' },
    { in: 'src/app/server.ts', out: 'app' },
  ],
});
// The Action: split, so what only the artifact upload needs (a dynamic import) is a chunk of its own
// under dist/action/, loaded when it uploads; action.js starts fast and stays small.
await rm('dist/action', { recursive: true, force: true }); // chunks are named by hash: drop the old ones
await build({
  ...common,
  entryPoints: [{ in: 'src/action/index.ts', out: 'action' }],
  splitting: true,
  chunkNames: 'action/[name]-[hash]',
});
