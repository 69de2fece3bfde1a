// Bundles each entry into one self-contained file under dist/. Only the Action's bundle is committed (GitHub
// runs it from the repository; .ci/run checks it is fresh); the command and the App are built on install.
import { build } from 'esbuild';
import { rm } from 'node:fs/promises';
import { bundleOptions } from './bundle-options.mjs';

const common = { ...bundleOptions, outdir: 'dist' };

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
