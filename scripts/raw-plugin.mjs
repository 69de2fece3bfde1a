import { readFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import process from 'node:process';

/** `import text from './x.yml?raw'` — the same convention vite/vitest understand natively. */
export const rawPlugin = {
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
