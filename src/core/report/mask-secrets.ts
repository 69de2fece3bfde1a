import { isCredentialValue, isPlaceholder } from './credential-value.js';

const MASK = '***';

/** Literal secrets shorter than this are ignored: masking "ab" everywhere would destroy the report. */
const MIN_EXTRA_SECRET_LENGTH = 4;

type Replacer = (match: string, ...groups: string[]) => string;
type Rule = readonly [RegExp, string | Replacer];

/** Keeps a placeholder (`$DEPLOY_TOKEN`, `${{ secrets.X }}`): it names a secret, it is not one. */
const unlessPlaceholder =
  (keep: number): Replacer =>
  (match, ...groups) =>
    isPlaceholder(groups[keep] ?? '') ? match : `${groups.slice(0, keep).join('')}${MASK}`;

/**
 * Token shapes: a token of one of these forms is a secret wherever it stands. No leading `\b`: a token
 * glued to other text must still go. Rules with a kept prefix leave the header or key name visible so a
 * reader knows what was there. These are also what the validation gate refuses in a change (findSecrets).
 */
const TOKEN_RULES: readonly Rule[] = [
  [
    /-----BEGIN [A-Z0-9 ]*PRIVATE KEY( BLOCK)?-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY( BLOCK)?-----|$)/g,
    MASK,
  ],
  [/github_pat_[A-Za-z0-9_]{20,}/g, MASK],
  [/gh[pousr]_[A-Za-z0-9]{20,}/g, MASK],
  [/(?:AKIA|ASIA)[A-Z0-9]{16}/g, MASK],
  [/(aws_secret_access_key["']?\s*[=:]\s*["']?)[A-Za-z0-9/+=]{40}/gi, `$1${MASK}`],
  [/xox[abposr]-[A-Za-z0-9-]{10,}/g, MASK],
  [/xapp-[A-Za-z0-9-]{10,}/g, MASK],
  [/https:\/\/hooks\.slack\.com\/services\/[A-Za-z0-9/_-]+/g, MASK],
  [/npm_[A-Za-z0-9]{20,}/g, MASK],
  // A JSON Web Token: a base64url JSON header (`{"` is `eyJ`) and two more parts (an unsigned JWS ends in
  // `.`), or four (a JWE, whose key part may be empty).
  [/eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+){0,2}/g, MASK],
  [/(_authToken\s*=\s*)([^\s'"]+)/g, unlessPlaceholder(1)],
  [/(authorization["']?\s*[:=]\s*["']?(?:bearer|basic|token)\s+)([^\s'"]+)/gi, unlessPlaceholder(1)],
  [/(\bbearer\s+)[A-Za-z0-9._~+/-]{8,}=*/gi, `$1${MASK}`],
  // Anchored on `://`, not on the scheme: `[a-z][a-z0-9+.-]*://` backtracks over every long word
  // (0.6 s per MB of `xxxx…` lines), and the scheme is kept as it was either way.
  [/:\/\/([^\s:@/]+:[^\s@/]+)@/g, (match, cred = '') => (hasPlaceholder(cred) ? match : `://${MASK}@`)],
];

/** `user:${TOKEN}` in a URL names a secret kept elsewhere. */
function hasPlaceholder(credentials: string): boolean {
  return isPlaceholder(credentials.slice(credentials.indexOf(':') + 1));
}

/** Names whose value is a credential: `token=`, `client_secret:`, `"password": …`, `X-Api-Key:`, cookies. */
// Matched from the name's last word on (`client_secret` from `secret`): a prefix pattern in front would be
// tried at every word of every line.
const KEY =
  '(?:token|secret|passw(?:or)?d|pwd|api[_-]?key|access[_-]?key|private[_-]?key|credentials?|session(?:[_-]?id)?|sessid|sid|auth)';
const VALUE = `(?:"([^"\\n]{1,400})"|'([^'\\n]{1,400})'|([^\\s"'&;,<>()[\\]{}]{1,400}))`;

/**
 * Credentials known by their place, not their shape: the value after a credential's name, every
 * random-looking cookie value of a `Cookie:` / `Set-Cookie:` header, and whatever follows
 * `Authorization:` (any scheme). Values are judged by isCredentialValue, so `token: string` stays.
 */
const CONTEXT_RULES: readonly Rule[] = [
  [
    new RegExp(`(${KEY})(["']?[ \\t]*[:=][ \\t]*)${VALUE}`, 'gi'),
    (match, key = '', sep = '', dq, sq, bare) => {
      const value = dq ?? sq ?? bare ?? '';
      if (!isCredentialValue(value, /pass|pwd/i.test(key))) return match;
      const quote = dq !== undefined ? '"' : sq !== undefined ? "'" : '';
      return `${key}${sep}${quote}${MASK}${quote}`;
    },
  ],
  [
    /((?:set-)?cookie["']?[ \t]*:[ \t]*)([^\r\n]+)/gi,
    (_, head = '', pairs = '') =>
      head +
      pairs.replace(/([^\s=;,]+=)([^\s;,"']+)/g, (pair, name: string, value: string) =>
        isCredentialValue(value, false) ? `${name}${MASK}` : pair,
      ),
  ],
  [
    /((?:proxy-)?authorization["']?[ \t]*[:=][ \t]*["']?)(?:([A-Za-z][A-Za-z0-9-]*)([ \t]+))?([^\s'"]+)/gi,
    (match, head = '', scheme, space, value = '') => {
      if (isPlaceholder(value) || value === MASK) return match;
      if (scheme === undefined && /^(?:bearer|basic|token|digest|negotiate)$/i.test(value)) return match;
      return `${head}${scheme ?? ''}${space ?? ''}${MASK}`;
    },
  ],
];

function applyRules(text: string, rules: readonly Rule[]): string {
  let out = text;
  for (const [pattern, replacement] of rules) out = out.replace(pattern, replacement as string);
  return out;
}

/**
 * Masks tokens and keys in `text` with `***`: GitHub tokens (ghp_, gho_, ghs_, ghu_, ghr_, github_pat_),
 * AWS keys, Slack tokens and webhooks, npm tokens, private key blocks, JSON Web Tokens, passwords in URLs,
 * `Authorization:` values of any scheme, credentials after their name (`token=`, `password:`,
 * `client_secret`, `X-Api-Key:`, session cookies), and every literal in `extraSecrets` of at least 4
 * characters (longest first). Works on a value, never on serialised JSON: mask before JSON.stringify.
 */
export function maskSecrets(text: string, extraSecrets: readonly string[] = []): string {
  let out = text;
  const extras = [...new Set(extraSecrets)]
    .filter((s) => s.length >= MIN_EXTRA_SECRET_LENGTH)
    .sort((a, b) => b.length - a.length);
  for (const secret of extras) out = out.split(secret).join(MASK);
  return applyRules(applyRules(out, TOKEN_RULES), CONTEXT_RULES);
}

/** Only the token shapes (TOKEN_RULES): what a change must never add, whatever its names say. */
export function maskTokenShapes(text: string): string {
  return applyRules(text, TOKEN_RULES);
}
