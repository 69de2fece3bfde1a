import { getTransformStream } from '@probot/pino';
import { pino, type Logger } from 'pino';

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
 * SENTRY_DSN), with one change: a delivery whose signature does not match is one warn line. Probot
 * logs it twice, each time with the stack and the whole request body, so anyone who can reach the
 * webhook URL could fill the log at will.
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
      hooks: {
        logMethod(args, method) {
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
