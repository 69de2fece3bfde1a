/** Small real projects the Action's tests run the loop on, and a token shaped like an installation token. */
export const GREEN = {
  'package.json': JSON.stringify({
    name: 'p',
    private: true,
    type: 'module',
    scripts: { test: 'node --test' },
  }),
  'src/ok.test.mjs': "import { test } from 'node:test';\ntest('ok', () => {});\n",
};

export const TYPE_ERROR = {
  'package.json': JSON.stringify({
    name: 'p',
    private: true,
    type: 'module',
    scripts: { typecheck: 'tsc --noEmit -p .' },
  }),
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      strict: true,
      noEmit: true,
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      target: 'ES2022',
      // As `tsc --init` writes it. node_modules is closed-loop's own: checking all its @types made each
      // tsc run take 4-5 s of CPU instead of 1.5.
      skipLibCheck: true,
    },
    include: ['src'],
  }),
  'src/index.ts': "export const answer: number = 'forty-two';\n",
};

export const TOKEN = 'ghs_0123456789abcdefghijklmnopqrstuvwxyzAB';
