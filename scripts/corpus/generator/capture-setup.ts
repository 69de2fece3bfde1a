// `--capture-setup`: runs each setup block's command for real (apt-get needs root and a mirror, npm ci a
// registry) and writes its output, paths rewritten, to test/fixtures/logs/setup-output/.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import type { SetupKey } from './corpus-case.js';
import { SCRATCH } from './capture-case.js';
import { SETUP_BLOCKS, SETUP_OUTPUT_DIR } from './setup-blocks.js';

export function captureSetupBlocks(): string[] {
  const scratch = join(SCRATCH, 'setup');
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  return (Object.keys(SETUP_BLOCKS) as SetupKey[]).map((key) => {
    const { capture, file } = SETUP_BLOCKS[key];
    const r = spawnSync('bash', ['-c', `exec 2>&1; ${capture}`], {
      cwd: scratch,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const out = r.stdout
      .toString('utf8')
      .replaceAll(scratch, '/home/runner/work/app/app')
      .replaceAll('/root/', '/home/runner/');
    writeFileSync(join(SETUP_OUTPUT_DIR, file), out);
    return `${file}: exit ${r.status}`;
  });
}
