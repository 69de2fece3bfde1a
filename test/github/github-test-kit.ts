import nock from 'nock';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { createGitHubClient, type GitHubClient } from '../../src/github/create-github-client.js';

export const API = 'https://api.github.com';
export const target = { owner: 'acme', repo: 'shop', issue_number: 7 };
export const HEAD = 'a'.repeat(40);

/** Network off for the whole file, and every mocked request must have been made by the end of each test. */
export function useNock(): void {
  beforeAll(() => nock.disableNetConnect());
  afterEach(() => {
    const pending = nock.pendingMocks();
    nock.cleanAll();
    expect(pending).toEqual([]);
  });
  afterAll(() => nock.enableNetConnect());
}

/** A fresh client per test, with retry and throttling off (STYLE item 12). */
export function testClient(): GitHubClient {
  return createGitHubClient({ token: 'ghs_test', retry: false, throttle: false, log: () => {} });
}

/** A collecting logger. */
export function logLines(): { lines: string[]; log: (line: string) => void } {
  const lines: string[] = [];
  return { lines, log: (line) => lines.push(line) };
}

export function comment(
  id: number,
  body: string,
  created_at = `2026-01-01T00:00:${String(id % 60).padStart(2, '0')}Z`,
  login = 'github-actions[bot]',
) {
  return { id, body, created_at, user: { login } };
}
