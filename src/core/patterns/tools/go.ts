import type { Tool } from './tool.js';

export const go: Tool = {
  name: 'go (build, test, modules)',
  corpus: /\bgo\b/,
  commands: { dependency: ['go mod'], build: ['go build'] },
  summaries: [
    {
      literals: ['FAIL'],
      read: (text) =>
        text.startsWith('FAIL') && /^FAIL\s+\S+\s+[\d.]+s$/.test(text)
          ? { command: 'go test', category: 'test' }
          : null,
    },
  ],
  signals: {
    'type-error': [
      /: (cannot use .+ as .+ value|invalid operation: |too many arguments|not enough arguments|assignment mismatch: |too many return values|not enough return values|cannot convert )|\.go:\d+:\d+: .+ undefined \(type .+ has no (?:field or )?method |\.go:\d+:\d+: .+ does not (?:implement|satisfy) |\.go:\d+:\d+: (?:impossible type assertion|non-boolean condition in|invalid argument: |first argument to append must be|cannot range over|.+ is not an expression|cannot call non-function|invalid composite literal type|cannot assign to |use of untyped nil)/, // go's type checker (and its generics' constraints)
    ],
    'syntax-error': [
      /\.go:\d+:\d+: expected .+, found /, // go parser
    ],
    'build-error': [
      /: undefined: \w|: undeclared name: |\.go:\d+:\d+: missing return$/, // go: a name that does not exist
      /^FAIL\s+\S+ \[(?:build|setup) failed\]$/, // go test: the package did not compile
      // eslint-disable-next-line no-useless-escape -- the signal's text as it always was (see `patterns`)
      /^(?:\.\/)?[\w.\/-]+\.go:\d+:\d+: /, // the go compiler (vet and linters say more, and win)
    ],
    'test-failure': [
      /^\s*--- FAIL: /, // go test
      /^FAIL\s+\S+\s+[\d.]+s$|^FAIL$/,
    ],
    'test-timeout': [
      /panic: test timed out after/, // go
    ],
    'import-not-found': [
      'no required module provides package', // go
      /cannot find package ".+" in any of/, // go (GOPATH)
    ],
    'dependency-unresolved': [
      /cannot find module providing package|: unknown revision v?\d|invalid version: unknown revision/, // go (git says `unknown revision or path`)
    ],
    'manifest-invalid': [
      /does not contain main module|go\.mod file not found|go: cannot find main module|^go: errors parsing go\.mod/, // go
    ],
    'lockfile-mismatch': [
      'missing go.sum entry',
      /verifying \S+: checksum mismatch/, // go.sum disagrees with the download
      'updates to go.mod needed',
    ],
    'network-error': [
      /: no such host$/, // go's resolver (terraform, docker, go get)
    ],
    timeout: ['context deadline exceeded'],
  },
};
