import type { Category } from '../vocabulary.js';

/** Keyword rules, most specific first: a pattern id or an error line is enough to guess a category. */
const RULES: ReadonlyArray<readonly [RegExp, Category]> = [
  [/lockfile|lock file|package-lock|yarn\.lock|pnpm-lock|frozen/i, 'lockfile'],
  [/permission|eacces|eperm|forbidden|read-only/i, 'permission'],
  [/\b(?:auth|unauthori[sz]ed|401|credential|token expired)/i, 'auth'],
  [/timeout|timed out|etimedout/i, 'timeout'],
  [/out of memory|heap|enospc|no space|oom/i, 'resource'],
  [/econnrefused|econnreset|enotfound|network|socket|dns|eai_again/i, 'network'],
  [
    /import|module|dependency|eresolve|package not found|no matching distribution|cannot find package/i,
    'dependency',
  ],
  [/\btype|ts\d{4}|not assignable|mypy|\[arg-type\]/i, 'type'],
  [/syntax|parse error|unexpected token|indentation/i, 'syntax'],
  [/prettier|format|black would reformat|gofmt|rustfmt/i, 'format'],
  [/lint|eslint|flake8|pylint|ruff|clippy|go vet|vet:/i, 'lint'],
  [/test|assert|expect|spec|fixture|pytest|jest|vitest/i, 'test'],
  [/build|compile|webpack|bundle|esbuild|vite|linker/i, 'build'],
  [/git|merge conflict|detached head|shallow/i, 'vcs'],
  [/config|\.ya?ml|\.toml|invalid option/i, 'config'],
];

/** The failure category suggested by `text` (a pattern id, an error line), or `unknown`. */
export function guessCategory(text: string): Category {
  for (const [pattern, category] of RULES) if (pattern.test(text)) return category;
  return 'unknown';
}
