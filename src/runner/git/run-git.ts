import { spawn } from 'node:child_process';
import { commandEnv } from '../exec/withheld-env.js';

/** A git command that failed: the command, its exit status and what git said. */
export class GitError extends Error {
  override readonly name = 'GitError';
  constructor(
    readonly args: readonly string[],
    readonly exitCode: number | null,
    readonly stderr: string,
  ) {
    super(
      `git ${args.join(' ')} failed (exit ${exitCode ?? 'signal'}): ${stderr.trim().split('\n')[0] || 'no output'}`,
    );
  }
}

export interface RunGitOptions {
  /** Written to git's stdin (e.g. a NUL-separated pathspec list). */
  input?: string;
  /** Added to the environment (e.g. GIT_INDEX_FILE for a private index). */
  env?: Record<string, string>;
  /** Resolve with the exit code instead of throwing when git exits non-zero. */
  allowFailure?: boolean;
}

export interface GitOutput {
  stdout: string;
  stderr: string;
  exitCode: number;
}

/**
 * Runs `git ...args` in `cwd` without a shell. Pathspecs are literal (a file named `*.ts` is that file),
 * git never prompts, and output is not paged or coloured. Throws GitError on a non-zero exit.
 */
export function runGit(
  cwd: string,
  args: readonly string[],
  options: RunGitOptions = {},
): Promise<GitOutput> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['-c', 'core.quotePath=false', '-c', 'color.ui=false', ...args], {
      cwd,
      env: {
        // Without what the run withholds: a hook git runs (post-commit, post-checkout) is the repo's code.
        ...commandEnv(process.env),
        GIT_TERMINAL_PROMPT: '0',
        GIT_LITERAL_PATHSPECS: '1',
        GIT_PAGER: 'cat',
        LC_ALL: 'C',
        ...options.env,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error) => reject(error));
    child.on('close', (code) => {
      const result = {
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
        exitCode: code ?? -1,
      };
      if (code === 0 || options.allowFailure) resolve(result);
      else reject(new GitError(args, code, result.stderr));
    });
    child.stdin.on('error', () => undefined); // git may exit before reading all of stdin
    child.stdin.end(options.input ?? '');
  });
}

/** Splits NUL-separated git output (`-z`), dropping the empty tail. */
export function splitNul(text: string): string[] {
  return text.split('\0').filter((part) => part.length > 0);
}

/** True when `path` is inside closed-loop's own folder, which no git operation of ours ever touches. */
export function isOwnArtifact(path: string): boolean {
  return path === '.closed-loop' || path.startsWith('.closed-loop/');
}
