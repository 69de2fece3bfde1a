import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../src/core/config/schema.js';
import { ConfigLoadError, loadConfig } from '../../../src/runner/load-config.js';

let cwd: string;
beforeEach(async () => {
  cwd = await mkdtemp(join(tmpdir(), 'closed-loop-config-'));
});
afterEach(async () => {
  await rm(cwd, { recursive: true, force: true });
});

async function write(rel: string, text: string): Promise<string> {
  const file = join(cwd, rel);
  await mkdir(join(file, '..'), { recursive: true });
  await writeFile(file, text);
  return file;
}

async function loadError(options: Parameters<typeof loadConfig>[0]): Promise<ConfigLoadError> {
  const error = await loadConfig(options).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConfigLoadError);
  return error as ConfigLoadError;
}

describe('loadConfig', () => {
  it('uses the defaults when .github/closed-loop.yml does not exist', async () => {
    expect(await loadConfig({ cwd })).toEqual({ config: defaultConfig(), source: null });
  });

  it.each([['.closed-loop.yml'], ['closed-loop.yaml']])(
    'hints in one line at a config in a place it does not read: %s',
    async (name) => {
      await write(name, 'version: 1\n');
      expect(await loadConfig({ cwd })).toEqual({
        config: defaultConfig(),
        source: null,
        hint: `${name} is not read: closed-loop reads .github/closed-loop.yml (move it there, or pass --config ${name}); running with the defaults`,
      });
    },
  );

  it('reads .github/closed-loop.yml under cwd', async () => {
    const file = await write('.github/closed-loop.yml', 'version: 1\nretry:\n  max_retries: 5\n');
    const { config, source } = await loadConfig({ cwd });
    expect(source).toBe(file);
    expect(config.retry.max_retries).toBe(5);
  });

  it('reads an explicit path, relative to cwd', async () => {
    const file = await write('config/loop.yml', 'version: 1\nagent:\n  timeout: 60\n');
    expect(await loadConfig({ cwd, path: 'config/loop.yml' })).toMatchObject({
      source: file,
      config: { agent: { timeout: 60 } },
    });
    expect(await loadConfig({ cwd: tmpdir(), path: file })).toMatchObject({ source: file });
  });

  it('treats an empty file as the defaults', async () => {
    const file = await write('.github/closed-loop.yml', '');
    expect(await loadConfig({ cwd })).toEqual({ config: defaultConfig(), source: file });
  });

  it('says an explicit file was not found', async () => {
    const error = await loadError({ cwd, path: 'nope.yml' });
    expect(error.message).toBe(
      'nope.yml: config file not found; check the path, or leave it out to use .github/closed-loop.yml',
    );
    expect(error.configError).toBeUndefined();
  });

  it('says when the path is a directory', async () => {
    await mkdir(join(cwd, '.github', 'closed-loop.yml'), { recursive: true });
    expect((await loadError({ cwd })).message).toBe(
      '.github/closed-loop.yml: config file is a directory, not a file',
    );
  });

  it('throws a ConfigLoadError with the located mistake for an invalid file', async () => {
    await write('.github/closed-loop.yml', 'version: 1\nretry:\n  max_retries: 3\n  max_retry: 3\n');
    const error = await loadError({ cwd });
    expect(error.name).toBe('ConfigLoadError');
    expect(error.message).toBe(
      '.github/closed-loop.yml:4:3: retry.max_retry: unknown key; did you mean "max_retries"?',
    );
    expect(error.configError).toEqual({
      file: '.github/closed-loop.yml',
      line: 4,
      column: 3,
      path: 'retry.max_retry',
      message: 'unknown key',
      hint: 'did you mean "max_retries"?',
    });
  });

  it('loads the commented example config', async () => {
    const example = fileURLToPath(new URL('../../../examples/closed-loop.yml', import.meta.url));
    const { config } = await loadConfig({ cwd, path: example });
    expect(config.checks.map((c) => c.name)).toEqual(['lint', 'types', 'test', 'build']);
    expect(config.gates.database.approvers.teams).toEqual(['dba']);
  });

  it('finds the repository config from a subdirectory, and accepts .yaml', async () => {
    await mkdir(join(cwd, '.git'));
    const file = await write('.github/closed-loop.yaml', 'version: 1\nretry:\n  max_retries: 7\n');
    await mkdir(join(cwd, 'packages/web/src'), { recursive: true });
    const loaded = await loadConfig({ cwd: join(cwd, 'packages/web/src') });
    expect(loaded.source).toBe(file);
    expect(loaded.config.retry.max_retries).toBe(7);
  });

  it('does not look above the repository root', async () => {
    await write('.github/closed-loop.yml', 'version: 1\nretry:\n  max_retries: 7\n');
    await mkdir(join(cwd, 'repo/.git'), { recursive: true });
    expect(await loadConfig({ cwd: join(cwd, 'repo') })).toEqual({ config: defaultConfig(), source: null });
  });

  it('refuses to guess between .yml and .yaml', async () => {
    await write('.github/closed-loop.yml', 'version: 1\n');
    await write('.github/closed-loop.yaml', 'version: 1\n');
    expect((await loadError({ cwd })).message).toMatch(
      /both .*closed-loop\.yml and .*closed-loop\.yaml exist; keep one of them/,
    );
  });
});
