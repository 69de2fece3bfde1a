import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface StandIn {
  url: string;
  /** Where it records what it received. */
  dir: string;
  stop(): void;
}

/**
 * Starts a loopback stand-in server (a `.mjs` file beside this one) in its own process: the bundled
 * Action runs under spawnSync, which blocks this process, so nothing here could answer it. The
 * script takes a record directory (and `args`) and prints its port.
 */
export async function startStandIn(script: string, args: string[] = []): Promise<StandIn> {
  const dir = mkdtempSync(join(tmpdir(), 'closed-loop-stand-in-'));
  writeFileSync(join(dir, 'requests.jsonl'), '');
  const child = spawn(process.execPath, [join(import.meta.dirname, script), dir, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString('utf8').trim()));
    child.once('error', reject);
  });
  return { url: `http://127.0.0.1:${port}`, dir, stop: () => child.kill('SIGTERM') };
}
