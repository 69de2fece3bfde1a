import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../helpers/temp-repo.js';

export interface DockerfileFacts {
  text: string;
  /** Each FROM's image reference, in order. */
  bases: string[];
  /** The last stage's ENV, USER, CMD and HEALTHCHECK (its CMD's exec-form array), and EXPOSE. */
  env: Record<string, string>;
  user: string | null;
  cmd: string[];
  healthcheck: string[];
  expose: string[];
  /** The last stage's instructions, in order (`USER`, `CMD`, …). */
  order: string[];
}

/** The Dockerfile's instructions, continuation lines joined (enough for this Dockerfile's house rules). */
export function readDockerfile(): DockerfileFacts {
  const text = readFileSync(join(REPO_ROOT, 'Dockerfile'), 'utf8');
  const lines = text
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.trimStart().startsWith('#'));
  const bases: string[] = [];
  let last: string[] = [];
  for (const line of lines) {
    if (/^FROM\s/i.test(line)) {
      bases.push(line.split(/\s+/)[1] ?? '');
      last = [];
    }
    last.push(line);
  }
  const of = (kw: string) => last.filter((l) => l.toUpperCase().startsWith(`${kw} `));
  const env: Record<string, string> = {};
  for (const l of of('ENV'))
    for (const m of l.slice(4).matchAll(/(\w+)=(\S+)/g)) env[m[1] ?? ''] = m[2] ?? '';
  const json = (l: string | undefined) => {
    const at = l?.indexOf('[') ?? -1;
    return at < 0 ? [] : (JSON.parse(l!.slice(at)) as string[]);
  };
  return {
    text,
    bases,
    env,
    user: of('USER').at(-1)?.split(/\s+/)[1] ?? null,
    cmd: json(of('CMD').at(-1)),
    healthcheck: json(
      of('HEALTHCHECK')
        .at(-1)
        ?.replace(/^.*?\sCMD\s/, 'CMD '),
    ),
    expose: of('EXPOSE').flatMap((l) => l.split(/\s+/).slice(1)),
    order: last.map((l) => l.split(/\s+/)[0]?.toUpperCase() ?? ''),
  };
}
