/**
 * One log full of secrets, as a failing check or CI job prints them, for the hostile-input suites: every
 * output of every driver must hold none of SECRETS, must keep every one of KEPT (no false positives), and
 * stay valid JSON wherever it is JSON.
 */
export const JWT =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';

/** The value of DEPLOY_TOKEN in the environment: no token shape, known only by its variable's name. */
export const DEPLOY_TOKEN = 'plain-deploy-value-8f2k';

export const SECRETS = [
  JWT,
  DEPLOY_TOKEN,
  'ghp_aB3aB3aB3aB3aB3aB3aB3aB3aB3aB3aB3aB3',
  'Zk8pQ2xR7vN4mT1w',
  'hunter2-but-longer',
  '9f8e7d6c5b4a39281706aa',
  's3cr3tpass',
  'a8f5f167f44f4964e6c998',
];

/** What looks random but is no secret: a git sha, a UUID, a base64 fixture in a test name, a reference. */
export const KEPT = [
  '3f786850e387550fdab836ed7e6dc881de23001b',
  '123e4567-e89b-12d3-a456-426614174000',
  'dGhpcyBpcyBhIHRlc3Q=',
  'Bearer $DEPLOY_TOKEN',
];

/** A failed deploy step, then a type error closed-loop recognises (type-error, in src/a.ts). */
export const SECRET_LOG = [
  `HEAD is now at ${KEPT[0]} fix: cart`,
  `request ${KEPT[1]} failed`,
  `✗ decodes ${KEPT[2]} (12 ms)`,
  'curl -H "Authorization: Bearer $DEPLOY_TOKEN" https://deploy.example.com/api',
  `Cookie: session=${JWT}; theme=dark`,
  `Set-Cookie: sid=${SECRETS[7]}; Path=/; HttpOnly`,
  `git push https://x-access-token:${SECRETS[2]}@github.com/o/r.git`,
  `curl -H "Authorization: Bearer ${SECRETS[3]}" https://api.example.com`,
  `db: password=${SECRETS[4]} X-Api-Key: ${SECRETS[5]}`,
  `clone https://bot:${SECRETS[6]}@git.example.com/r.git`,
  "src/a.ts(1,7): error TS2322: Type 'string' is not assignable to type 'number'.",
  'Found 1 error in src/a.ts:1',
  '',
].join('\n');

/** Each secret found in `texts`, named by where it was found. */
export function leaks(texts: ReadonlyArray<{ where: string; text: string }>): string[] {
  return texts.flatMap(({ where, text }) =>
    SECRETS.filter((s) => text.includes(s)).map((s) => `${s} in ${where}`),
  );
}
