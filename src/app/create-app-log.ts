import { getTransformStream } from '@probot/pino';
import { pino, type Logger } from 'pino';
import { maskSecretsDeep } from '../core/report/mask-secrets-deep.js';
import { maskTokenShapes } from '../core/report/mask-secrets.js';

const SIGNATURE = /signature does not match|x-hub-signature/i;

/** The Error a pino call logs: `log.error(err, …)` or `log.error({ err }, …)`. */
function loggedError(first: unknown): Error | null {
  if (first instanceof Error) return first;
  const err = (first as { err?: unknown } | null)?.err;
  return err instanceof Error ? err : null;
}

const isSignatureError = (error: Error): boolean =>
  error instanceof AggregateError
    ? error.errors.length > 0 && error.errors.every((e) => e instanceof Error && isSignatureError(e))
    : SIGNATURE.test(error.message);

/**
 * Probot's own line for a delivery whose handler threw: the Error alone, carrying the webhook `event`
 * (the whole payload, with whatever a comment said) that @octokit/webhooks attached. The queue writes
 * that try's outcome in one line, so this one is dropped. Our own calls log `{ err }` with a message.
 */
const isProbotDeliveryError = (args: unknown[]): boolean =>
  args.length === 1 && args[0] instanceof Error && typeof (args[0] as { event?: unknown }).event === 'object';

/**
 * An Error as a log line shows it: its type, first-line message and status, never what Octokit or the
 * webhook library hung on it (the request, the response, the delivery's payload); the stack only at
 * LOG_LEVEL=debug or trace.
 */
function errorFields(withStack: boolean) {
  return (error: unknown): unknown => {
    if (!(error instanceof Error)) return error;
    const { status, code } = error as { status?: unknown; code?: unknown };
    return {
      type: error.name,
      message: error instanceof AggregateError ? error.errors.map(String).join('; ') : error.message,
      ...(typeof status === 'number' ? { status } : {}),
      ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
      ...(withStack && error.stack ? { stack: error.stack } : {}),
    };
  };
}

/** Probot's debug "Webhook received" logs the whole delivery: only its id and name are kept. */
const eventFields = (event: unknown): unknown =>
  event !== null && typeof event === 'object' && 'payload' in event
    ? { id: (event as { id?: unknown }).id, name: (event as { name?: unknown }).name }
    : event;

/**
 * Every line is masked as a whole, whoever wrote it (Probot, Octokit, a handler): a token typed into a
 * comment can reach an error message. Masked value by value (maskSecrets works on values, not JSON text).
 */
function maskLine(line: string): string {
  try {
    return `${JSON.stringify(maskSecretsDeep(JSON.parse(line) as unknown))}\n`;
  } catch {
    return maskTokenShapes(line);
  }
}

const CHINDINGS = pino.symbols.chindingsSym;

/**
 * Pino writes a child's bindings after its parent's, each key again: Probot's `name: 'probot'` child of a
 * logger named probot, then `name: 'event'` per delivery, made lines with `"name"` three times, which log
 * collectors read differently (the last wins, or the line is rejected). Each child keeps one of each key,
 * the innermost value, where the key first appeared.
 */
function uniqueBindings(child: Logger): void {
  const chindings = (child as unknown as Record<symbol, unknown>)[CHINDINGS];
  if (typeof chindings !== 'string' || chindings === '') return;
  const bindings = JSON.parse(`{${chindings.slice(1)}}`) as Record<string, unknown>;
  (child as unknown as Record<symbol, unknown>)[CHINDINGS] = `,${JSON.stringify(bindings).slice(1, -1)}`;
}

/**
 * Probot's logger as Probot builds it (LOG_LEVEL, LOG_FORMAT, LOG_LEVEL_IN_STRING, LOG_MESSAGE_KEY,
 * SENTRY_DSN), with these changes: a delivery whose signature does not match is one warn line (Probot
 * logs it twice, each time with the stack and the whole request body, so anyone who can reach the
 * webhook URL could fill the log at will); a delivery whose handler threw is the queue's one line per
 * try, not also Probot's line with the stack and the whole payload; no line holds a webhook payload,
 * a stack (below debug) or a secret-shaped value.
 */
export async function createAppLog(
  env: NodeJS.ProcessEnv,
  destination: NodeJS.WritableStream = pino.destination(1) as unknown as NodeJS.WritableStream,
): Promise<Logger> {
  const transform = await getTransformStream({
    logFormat: env.LOG_FORMAT === 'json' ? 'json' : 'pretty',
    logLevelInString: env.LOG_LEVEL_IN_STRING === 'true',
    sentryDsn: env.SENTRY_DSN,
  });
  // SonicBoom (pino.destination) is a stream; its types say less
  transform.pipe(destination);
  const level = env.LOG_LEVEL || 'info';
  return pino(
    {
      level,
      name: 'probot',
      messageKey: env.LOG_MESSAGE_KEY || 'msg',
      onChild: uniqueBindings,
      serializers: { err: errorFields(level === 'debug' || level === 'trace'), event: eventFields },
      hooks: {
        streamWrite: maskLine,
        logMethod(args, method) {
          if (isProbotDeliveryError(args)) return undefined;
          const error = loggedError(args[0]);
          if (error === null || !isSignatureError(error)) return method.apply(this, args);
          // the same refusal, logged again with the payload
          if (error instanceof AggregateError) return undefined;
          return this.warn(
            "webhook delivery refused (400): its signature does not match WEBHOOK_SECRET; if GitHub sent it, the secret on the App's settings page differs",
          );
        },
      },
    },
    transform,
  );
}
