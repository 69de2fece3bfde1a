import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'test/fixtures/**', 'examples/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // Plain Node scripts (build, examples, the tests' stand-in servers) use Node's globals.
    files: ['scripts/**/*.mjs', 'test/**/*.mjs'],
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        URL: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
      },
    },
  },
  {
    // The house rule: src/core is pure. No I/O modules may creep in.
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'child_process', 'os', 'path', 'http', 'https', 'net'],
              message: 'src/core is pure: take facts in, return decisions (see ARCHITECTURE.md).',
            },
            {
              group: ['@actions/*', '@octokit/*', 'probot'],
              message: 'src/core is pure: GitHub I/O lives in src/github.',
            },
            {
              group: ['**/runner/**', '**/github/**', '**/cli/**', '**/action/**', '**/app/**'],
              message: 'src/core imports nothing from the drivers or the shell.',
            },
          ],
        },
      ],
    },
  },
);
