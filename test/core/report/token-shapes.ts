/** Realistic shapes of the tokens every report must mask, for property tests. */
export const TOKEN_SHAPES: ReadonlyArray<readonly [string, RegExp]> = [
  ['GitHub classic token', /^ghp_[A-Za-z0-9]{36}$/],
  ['GitHub OAuth token', /^gho_[A-Za-z0-9]{36}$/],
  ['GitHub App token', /^ghs_[A-Za-z0-9]{36}$/],
  ['GitHub user-to-server token', /^ghu_[A-Za-z0-9]{36}$/],
  ['GitHub fine-grained token', /^github_pat_[A-Za-z0-9]{22}_[A-Za-z0-9]{59}$/],
  ['AWS access key id', /^AKIA[A-Z0-9]{16}$/],
  ['Slack bot token', /^xoxb-[0-9]{11}-[0-9]{12}-[A-Za-z0-9]{24}$/],
  ['npm token', /^npm_[A-Za-z0-9]{36}$/],
  ['JSON Web Token', /^eyJ[A-Za-z0-9_-]{10,40}\.eyJ[A-Za-z0-9_-]{10,80}\.[A-Za-z0-9_-]{20,43}$/],
];
