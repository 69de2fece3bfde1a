import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { startStandIn } from './stand-in.js';

/** The backend ids the stand-in's runtime token carries, as the runner's token does. */
export const RUN_BACKEND_ID = 'c0ffee00-0000-4000-8000-000000000001';
export const JOB_BACKEND_ID = 'c0ffee00-0000-4000-8000-000000000002';

/**
 * An unsigned JWT: @actions/artifact only decodes the runtime token (jwt-decode) and reads the
 * workflow run and job backend ids from the `Actions.Results:<run>:<job>` entry of its `scp` claim.
 */
export function runtimeToken(
  scp = `Actions.GenericRead Actions.Results:${RUN_BACKEND_ID}:${JOB_BACKEND_ID}`,
): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ scp })}.`;
}

export interface ResultsRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The Twirp method, for a call to the ArtifactService. */
  rpc: string | null;
  body: Record<string, unknown> | null;
  bytes: number;
  auth: string | null;
}

export interface FakeResultsService {
  /** ACTIONS_RUNTIME_TOKEN and ACTIONS_RESULTS_URL pointing at the stand-in. */
  env: Record<string, string>;
  /** Where it records: requests.jsonl and blob-<n>.zip. */
  dir: string;
  requests(): ResultsRequest[];
  /** Each committed blob, unzipped: file name → text. */
  artifacts(): Record<string, string>[];
  stop(): void;
}

/** Starts fake-results-service.mjs on 127.0.0.1; `refuse` makes CreateArtifact answer 403. */
export async function fakeResultsService(mode: 'ok' | 'refuse' = 'ok'): Promise<FakeResultsService> {
  const standIn = await startStandIn('fake-results-service.mjs', [mode]);
  return {
    env: { ACTIONS_RUNTIME_TOKEN: runtimeToken(), ACTIONS_RESULTS_URL: `${standIn.url}/` },
    dir: standIn.dir,
    requests: () =>
      readFileSync(join(standIn.dir, 'requests.jsonl'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as ResultsRequest),
    artifacts: () =>
      readdirSync(standIn.dir)
        .filter((f) => /^blob-\d+\.zip$/.test(f))
        .sort()
        .map((f) => {
          const files = unzipSync(readFileSync(join(standIn.dir, f)));
          return Object.fromEntries(
            Object.entries(files).map(([name, bytes]) => [name, Buffer.from(bytes).toString('utf8')]),
          );
        }),
    stop: standIn.stop,
  };
}
