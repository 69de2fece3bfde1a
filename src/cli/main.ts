import { didYouMean } from '../core/config/did-you-mean.js';
import { ConfigLoadError } from '../runner/load-config.js';
import { InputError } from '../runner/open-inputs.js';
import { analyzeCommand } from './subcommands/analyze.js';
import { patternsCommand } from './subcommands/patterns.js';
import { resumeCommand } from './subcommands/resume.js';
import { RUN_OPTIONS, runCommand } from './subcommands/run.js';
import { suggestFlag } from './parse-flags.js';
import { statusCommand } from './subcommands/status.js';
import { statsCommand } from './subcommands/stats.js';
import { NoStateError } from '../runner/loop-driver/artifacts.js';
import { RunRefusedError } from '../runner/loop-driver/open-repo.js';
import { NoChecksError } from '../runner/checks/no-checks-error.js';
import { NotAGitRepoError } from '../runner/git/repo.js';
import { UnmergedIndexError } from '../runner/git/tree-of.js';
import { StateDirError } from '../runner/state-dir.js';

/** A user's mistake or a state they must resolve: one line and exit 2, never a stack trace. */
const USER_ERRORS = [
  UsageError,
  ConfigLoadError,
  InputError,
  NoStateError,
  RunRefusedError,
  NoChecksError,
  NotAGitRepoError,
  UnmergedIndexError,
  StateDirError,
];
import { EXIT, UsageError, type Io } from './io.js';
import { maskedWritable } from '../runner/secrets/masked-writable.js';
import { VERSION } from '../version.js';

const HELP = `closed-loop — evaluate → analyze → fix, with hard limits and honest reports

Usage: closed-loop <command> [options]

Commands:
  run                       the whole loop on this working tree: checks → analyze → fix → repeat
  status                    the loop state of the last run
  stats                     the aggregate metrics over this repository's runs (how often each pattern's fix worked, …)
  resume                    continue a blocked task after a person fixed it
  analyze [FILE…|-]         classify a CI or tool log against the failure-pattern catalogue
  patterns                  list the effective pattern catalogue
  patterns test ID FILE     show which signals of one pattern match a log, line by line

Run closed-loop <command> --help for a command's options.
Docs: https://github.com/closed-loop/closed-loop/tree/main/docs (cli.md for the command, config.md for its config).
`;

const COMMANDS: Record<string, (args: string[], io: Io) => Promise<number>> = {
  run: runCommand,
  status: statusCommand,
  stats: statsCommand,
  resume: resumeCommand,
  analyze: analyzeCommand,
  patterns: patternsCommand,
};

/** `closed-loop rnu`: the command meant, when one is close; a flag before any command names where it goes. */
function unknownCommand(command: string): string {
  const names = Object.keys(COMMANDS);
  if (command.startsWith('-')) {
    const own = didYouMean(command.replace(/^-+/, ''), ['help', 'version']);
    const ofRun = suggestFlag(command, RUN_OPTIONS) ?? command;
    return `unknown option "${command}"${own ? `; did you mean --${own}?` : `; a command comes first: closed-loop run ${ofRun}`} (closed-loop --help)`;
  }
  const guess = didYouMean(command, names);
  const hint = guess ? `; did you mean "${guess}"?` : `; the commands are ${names.join(', ')}`;
  return `unknown command "${command}"${hint} (closed-loop --help)`;
}

/** Runs one command; every error becomes a clear line on stderr and an exit status, never a stack trace. */
export async function main(argv: string[], unmasked: Io): Promise<number> {
  // The one boundary for the terminal: nothing the CLI prints shows a secret.
  const io: Io = {
    ...unmasked,
    stdout: maskedWritable(unmasked.stdout),
    stderr: maskedWritable(unmasked.stderr),
  };
  const [command, ...args] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    io.stdout.write(HELP);
    return command === undefined ? EXIT.usage : EXIT.ok;
  }
  if (command === '--version' || command === '-v') {
    io.stdout.write(`${VERSION}\n`);
    return EXIT.ok;
  }
  const run = COMMANDS[command];
  try {
    if (!run) throw new UsageError(unknownCommand(command));
    return await run(args, io);
  } catch (err) {
    if (USER_ERRORS.some((kind) => err instanceof kind)) {
      io.stderr.write(`closed-loop: ${(err as Error).message}\n`);
      return EXIT.usage;
    }
    if ((err as NodeJS.ErrnoException).code === 'EPIPE') return EXIT.ok;
    io.stderr.write(
      `closed-loop: internal error: ${(err as Error).message}\n` +
        'This is a bug in closed-loop, not in your project. Please report it with the command you ran; ' +
        'set CLOSED_LOOP_DEBUG=1 to see the stack trace.\n',
    );
    if (process.env.CLOSED_LOOP_DEBUG) io.stderr.write(`${(err as Error).stack}\n`);
    return EXIT.internal;
  }
}
