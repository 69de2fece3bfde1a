import { describe, expect, it } from 'vitest';
import { extractErrorCode } from '../../../src/core/dead-letter/extract-error-code.js';

describe('extractErrorCode', () => {
  it.each([
    ["src/a.ts(3,5): error TS2322: Type 'string' is not assignable to type 'number'.", 'TS2322'],
    ['error[E0308]: mismatched types', 'E0308'],
    ["Error: EACCES: permission denied, open '/etc/hosts'", 'EACCES'],
    ["Error: ENOENT: no such file or directory, open 'x.json'", 'ENOENT'],
    ['npm ERR! code ERESOLVE\nnpm ERR! ERESOLVE unable to resolve dependency tree', 'ERESOLVE'],
    ['npm ERR! code E401\nnpm ERR! Unable to authenticate', 'E401'],
    ["app/main.py:1:1: F401 'os' imported but unused", 'F401'],
    ['app/main.py:10:80: E501 line too long (88 > 79 characters)', 'E501'],
    ['app/main.py:1:0: C0114: Missing module docstring (missing-module-docstring)', 'C0114'],
    [
      'app/main.py:5: error: Argument 1 to "f" has incompatible type "str"; expected "int"  [arg-type]',
      '[arg-type]',
    ],
    [
      '# example.com/m\n./main.go:9:2: printf: fmt.Println call has possible Printf formatting directive %d',
      'vet:printf',
    ],
    [
      '  12:7  error  Unexpected any. Specify a different type  @typescript-eslint/no-explicit-any',
      '@typescript-eslint/no-explicit-any',
    ],
    ['Something odd happened in ES2022 mode with SHA256', null],
    ['Tests failed: 3 of 10', null],
  ])('%s → %s', (text, code) => {
    expect(extractErrorCode(text)).toBe(code);
  });
});
