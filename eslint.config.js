import js from '@eslint/js';
import stylistic from '@stylistic/eslint-plugin';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'coverage/**',
      'test/fixtures/**',
      'examples/**',
      'bench/.data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Prettier wraps code at printWidth; what it cannot wrap (comments) is held to the same width here.
    // Strings, templates and regular expressions stay whole: a message or a pattern is easier to read
    // (and to grep for) on one line.
    plugins: { '@stylistic': stylistic },
    rules: {
      '@stylistic/max-len': [
        'error',
        {
          code: 110,
          ignoreStrings: true,
          ignoreTemplateLiterals: true,
          ignoreRegExpLiterals: true,
          ignoreUrls: true,
        },
      ],
    },
  },
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
