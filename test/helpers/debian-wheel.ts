import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { zipSync } from 'fflate';

/** Where the wheels made from Debian's packages are kept between runs (CLOSED_LOOP_WHEELHOUSE overrides). */
export const WHEELHOUSE = process.env.CLOSED_LOOP_WHEELHOUSE ?? join(tmpdir(), 'closed-loop-wheelhouse');

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });

const digest = (bytes: Uint8Array): string =>
  `sha256=${createHash('sha256').update(bytes).digest('base64url')}`;

/**
 * A wheel of a real PyPI package, made offline from Debian's build of it (`apt-get download
 * python3-<name>`: Debian's mirror is reachable where PyPI is not). The package's own code, packed as
 * pip installs it from a local wheelhouse (`PIP_NO_INDEX=1 PIP_FIND_LINKS=<dir>`, as an offline
 * shop's pip is set up). Returns the wheelhouse folder.
 */
export function debianWheel(dist: string, debName = `python3-${dist}`): string {
  mkdirSync(WHEELHOUSE, { recursive: true });
  if (readdirSync(WHEELHOUSE).some((f) => f.startsWith(`${dist}-`) && f.endsWith('.whl'))) return WHEELHOUSE;
  const work = mkdtempSync(join(tmpdir(), 'closed-loop-deb-'));
  try {
    try {
      execFileSync('apt-get', ['download', debName], { cwd: work, stdio: 'pipe' });
    } catch (err) {
      throw new Error(
        `apt-get download ${debName} failed (run apt-get update first?): ${(err as { stderr?: Buffer }).stderr?.toString() ?? err}`,
      );
    }
    const deb = readdirSync(work).find((f) => f.endsWith('.deb'));
    const version = /_(\d[\w.]*?)(?:-[\w.+~]+)?_all\.deb$/.exec(deb ?? '')?.[1];
    if (!deb || !version) throw new Error(`no ${debName} .deb with a version in ${work}`);
    execFileSync('dpkg-deb', ['-x', deb, 'x'], { cwd: work });
    const site = join(work, 'x/usr/lib/python3/dist-packages');
    const files: Record<string, Uint8Array> = {};
    for (const file of walk(join(site, dist))) {
      if (!file.includes('__pycache__')) files[relative(site, file)] = readFileSync(file);
    }
    const info = `${dist}-${version}.dist-info`;
    files[`${info}/METADATA`] = Buffer.from(`Metadata-Version: 2.1\nName: ${dist}\nVersion: ${version}\n`);
    files[`${info}/WHEEL`] = Buffer.from(
      'Wheel-Version: 1.0\nGenerator: closed-loop-tests\nRoot-Is-Purelib: true\nTag: py3-none-any\n',
    );
    const record = Object.entries(files).map(([p, b]) => `${p},${digest(b)},${b.length}`);
    files[`${info}/RECORD`] = Buffer.from(`${[...record, `${info}/RECORD,,`].join('\n')}\n`);
    writeFileSync(join(WHEELHOUSE, `${dist}-${version}-py3-none-any.whl`), zipSync(files));
    return WHEELHOUSE;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export const hasWheel = (dist: string): boolean =>
  existsSync(WHEELHOUSE) && readdirSync(WHEELHOUSE).some((f) => f.startsWith(`${dist}-`));
