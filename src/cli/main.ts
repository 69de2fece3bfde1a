import { ConfigLoadError } from '../runner/load-config.js';
import { InputError } from '../runner/open-inputs.js';
import { analyzeCommand } from './commands/analyze.js';
import { patternsCommand } from './commands/patterns.js';
import { EXIT, UsageError, type Io } from './io.js';

export const HELP = `closed-loop — evaluate → analyze → fix, with hard limits and honest reports

Usage: closed-loop <command> [options]

Commands:
  analyze [FILE…|-]         classify a CI or tool log against the failure-pattern catalogue
  patterns                  list the effective pattern catalogue
  patterns test ID FILE     show which signals of one pattern match a log, line by line

Run closed-loop <command> --help for a command's options. Docs: README.md, docs/config.md.
`;

const COMMANDS: Record<string, (args: string[], io: Io) => Promise<number>> = {
  analyze: analyzeCommand,
  patterns: patternsCommand,
};

/** Runs one command; every error becomes a clear line on stderr and an exit status, never a stack trace. */
export async function main(argv: string[], io: Io): Promise<number> {
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
    if (!run) throw new UsageError(`unknown command "${command}"; the commands are ${Object.keys(COMMANDS).join(', ')} (closed-loop --help)`);
    return await run(args, io);
  } catch (err) {
    if (err instanceof UsageError || err instanceof ConfigLoadError || err instanceof InputError) {
      io.stderr.write(`closed-loop: ${err.message}\n`);
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

declare const __VERSION__: string | undefined;
const VERSION = typeof __VERSION__ === 'string' ? __VERSION__ : 'dev';
