// The Action's entry: a line that says it started, then the rest of it. Everything the run needs
// (the catalogue, git, @actions/core, the loop) loads after this line, behind a dynamic import, so
// the job log shows the Action at work at once rather than after ~0.5 s of module loading.
import { VERSION } from '../version.js';

process.stdout.write(
  `closed-loop ${VERSION}: starting in ${process.env.GITHUB_WORKSPACE ?? process.cwd()}\n`,
);

const { runAction } = await import('./main.js');
await runAction();
