import { generateKeyPairSync } from 'node:crypto';
import { createRequire } from 'node:module';
import { Writable } from 'node:stream';
import nock from 'nock';
import { pino } from 'pino';
import { Probot, ProbotOctokit } from 'probot';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { createClosedLoopApp } from '../../src/app/closed-loop-app.js';
import { NO_OUTCOMES, type OutcomeRecorder } from '../../src/app/outcomes/outcome-recorder.js';
import { OutcomeEventSchema, type OutcomeEvent } from '../../src/core/outcomes/outcome-event.js';
import { stageEvent } from '../../src/core/outcomes/outcome-events-for.js';
import { FakeGitHub } from './fake-github.js';

export const API = 'https://api.github.com';
export const BOT = 'closed-loop[bot]';
export const STATE_SECRET = 'state-secret-for-tests';
export const INSTALLATION = 1;

/**
 * One RSA key for the whole run: the App's JWT is really signed, and the installation token really asked for.
 */
const { privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
export const PRIVATE_KEY = privateKey;

export interface AppKit {
  probot: Probot;
  /** This test's GitHub: set its state before `receive`, assert its writes after. */
  github: FakeGitHub;
  /** What the App logged, one line a record: `LEVEL message`. */
  logs: string[];
  receive: (name: string, payload: object, id?: string) => Promise<void>;
  /** A new App instance on the same fake GitHub (a restart, or another instance): it remembers nothing. */
  restart: () => Promise<void>;
  /**
   * The outcome history the App recorded (with `useApp({ outcomes: true })`), each fact once by its key as
   * the database keeps it; it outlives a restart.
   */
  outcomes: OutcomeEvent[];
}

/** An outcome history in memory: records each fact once by its key, demotes nothing. */
function memoryOutcomes(events: OutcomeEvent[]): OutcomeRecorder {
  const record = (added: readonly OutcomeEvent[]): Promise<void> => {
    for (const e of added) if (!events.some((x) => x.key === e.key)) events.push(OutcomeEventSchema.parse(e));
    return Promise.resolve();
  };
  return { ...NO_OUTCOMES, record, recordStage: (change) => record([stageEvent(change)]) };
}

/**
 * Each test gets a fresh Probot (retry and throttling off, its own token cache) running the App, and a
 * fresh FakeGitHub behind nock with the network off. Afterwards: no request went unanswered, and every
 * mocked request a test added with nock itself was made.
 */
export function useApp(options: { outcomes?: boolean } = {}): AppKit {
  const kit = { logs: [] as string[], outcomes: [] as OutcomeEvent[] } as AppKit;
  beforeAll(() => nock.disableNetConnect());
  afterAll(() => nock.enableNetConnect());
  beforeEach(async () => {
    kit.logs.length = 0;
    kit.outcomes = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
          const record = JSON.parse(line) as { level: number; msg: string };
          kit.logs.push(`${pino.levels.labels[record.level] ?? record.level} ${record.msg}`);
        }
        done();
      },
    });
    const start = async (): Promise<void> => {
      kit.probot = new Probot({
        appId: 1,
        privateKey: PRIVATE_KEY,
        secret: 'webhook-secret',
        // The function form: Probot passes its own options per instance, and these must win over them.
        Octokit: ProbotOctokit.defaults((options: object) => ({
          ...options,
          retry: { enabled: false },
          throttle: { enabled: false },
        })),
        log: pino({ level: 'info' }, stream),
      });
      await kit.probot.load(
        createClosedLoopApp({
          stateSecret: STATE_SECRET,
          botLogin: BOT,
          ...(options.outcomes ? { outcomes: memoryOutcomes(kit.outcomes) } : {}),
        }),
      );
    };
    await start();
    kit.restart = start;
    kit.github = new FakeGitHub();
    kit.github.install();
    kit.receive = async (name, payload, id = 'delivery-1') => {
      await kit.probot.receive({ id, name, payload } as Parameters<Probot['receive']>[0]);
    };
  });
  afterEach(() => {
    const pending = nock.pendingMocks().filter((m) => !m.includes('/.*/')); // the fake's catch-all routes
    nock.cleanAll();
    expect(kit.github.unknown, 'requests the fake GitHub does not answer').toEqual([]);
    expect(pending, 'every mocked GitHub request was made').toEqual([]);
  });
  return kit;
}

interface WebhookDefinition {
  name: string;
  examples: Record<string, unknown>[];
}
const definitions = createRequire(import.meta.url)('@octokit/webhooks-examples') as WebhookDefinition[];

/**
 * A fresh copy of a real payload from @octokit/webhooks-examples: the `index`th example of `event.action`.
 */
export function example<T = Record<string, unknown>>(event: string, action: string, index = 0): T {
  const found = definitions.find((d) => d.name === event)?.examples.filter((e) => e.action === action)[index];
  if (found === undefined)
    throw new Error(`@octokit/webhooks-examples has no ${event}.${action} example #${index}`);
  return structuredClone(found) as T;
}
