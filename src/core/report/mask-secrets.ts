export const MASK = '***';

/** Literal secrets shorter than this are ignored: masking "ab" everywhere would destroy the report. */
export const MIN_EXTRA_SECRET_LENGTH = 4;

type Rule = readonly [RegExp, string];

/**
 * Token shapes masked in every report. No leading `\b`: a token glued to other text must still go.
 * Rules with a kept prefix (`$1`) leave the header or key name visible so a reader knows what was there.
 */
const RULES: readonly Rule[] = [
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
  [/(_authToken\s*=\s*)[^\s'"]+/g, `$1${MASK}`],
  [/(authorization["']?\s*[:=]\s*["']?(?:bearer|basic|token)\s+)[^\s'"]+/gi, `$1${MASK}`],
  [/(\bbearer\s+)[A-Za-z0-9._~+/-]{8,}=*/gi, `$1${MASK}`],
  // Anchored on `://`, not on the scheme: `[a-z][a-z0-9+.-]*://` backtracks over every long word
  // (0.6 s per MB of `xxxx…` lines), and the scheme is kept as it was either way.
  [/:\/\/[^\s:@/]+:[^\s@/]+@/g, `://${MASK}@`],
];

/**
 * Masks tokens and keys in `text` with `***`: GitHub tokens (ghp_, gho_, ghs_, ghu_, ghr_, github_pat_),
 * AWS access keys, Slack tokens and webhooks, private key blocks, `Authorization: Bearer …`, npm tokens,
 * passwords in URLs, and every literal in `extraSecrets` of at least 4 characters (longest first).
 */
export function maskSecrets(text: string, extraSecrets: readonly string[] = []): string {
  let out = text;
  const extras = [...new Set(extraSecrets)]
    .filter((s) => s.length >= MIN_EXTRA_SECRET_LENGTH)
    .sort((a, b) => b.length - a.length);
  for (const secret of extras) out = out.split(secret).join(MASK);
  for (const [pattern, replacement] of RULES) out = out.replace(pattern, replacement);
  return out;
}
