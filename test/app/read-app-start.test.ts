import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAppStart } from '../../src/app/read-app-start.js';
import { PRIVATE_KEY } from './app-kit.js';

// What `npm start` says before it listens (server.ts prints `closed-loop App: <message>` and exits 2).
const dir = () => mkdtempSync(join(tmpdir(), 'closed-loop-start-'));
const KEYLESS = { APP_ID: '4242', WEBHOOK_SECRET: 'secret' };
const BASE = { ...KEYLESS, PRIVATE_KEY };

describe('readAppStart', () => {
  it.each(['abc', '3000x', '-1', '0', '70000', '80.5'])(
    'refuses PORT=%s with one line naming PORT, where Probot would listen on 3000',
    (port) => {
      expect(readAppStart({ ...BASE, PORT: port }, dir())).toEqual({
        kind: 'invalid',
        message: `PORT is "${port}", not a port number: set it to one from 1 to 65535, or unset it for 3000. Fix it in .env (see .env.example) or the environment.`,
      });
    },
  );

  it('refuses a bad PORT before the set-up page too; takes a port number, or none', () => {
    expect(readAppStart({ PORT: 'abc' }, dir())).toMatchObject({ kind: 'invalid' });
    expect(readAppStart({ ...BASE, PORT: '8080' }, dir())).toMatchObject({ kind: 'run' });
    expect(readAppStart({ ...BASE }, dir())).toMatchObject({ kind: 'run' });
  });

  it('names PRIVATE_KEY_PATH when it is a directory, in sentences', () => {
    const cwd = dir();
    mkdirSync(join(cwd, 'keys'));
    expect(readAppStart({ ...KEYLESS, PRIVATE_KEY_PATH: 'keys' }, cwd)).toEqual({
      kind: 'invalid',
      message:
        'PRIVATE_KEY_PATH is "keys", a directory: set it to the App\'s .pem file (or PRIVATE_KEY to its contents). Fix it in .env (see .env.example) or the environment, with the values from your GitHub App\'s settings page.',
    });
    writeFileSync(join(cwd, 'keys', 'app.pem'), PRIVATE_KEY);
    expect(readAppStart({ ...KEYLESS, PRIVATE_KEY_PATH: 'keys/app.pem' }, cwd)).toMatchObject({
      kind: 'run',
    });
  });
});
