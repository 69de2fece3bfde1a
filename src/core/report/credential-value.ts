/**
 * What stands in for a secret that lives elsewhere: `$TOKEN`, `${TOKEN}`, `${{ secrets.X }}`, `<token>`,
 * `{{ token }}`, `%TOKEN%`, or a value already masked. Showing it hides nothing and tells the reader more.
 */
const PLACEHOLDER =
  /^(?:\$\{\{[^}]*\}\}|\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|\{\{[^}]*\}\}|<[\w. -]+>|%[A-Za-z_][A-Za-z0-9_]*%|\*+|\$\(.*\))$/;

/** Words a log shows after `token:` or `password=` that are not credentials (types, literals, keywords). */
const NOT_A_VALUE = new Set([
  'null',
  'undefined',
  'none',
  'nil',
  'true',
  'false',
  'string',
  'number',
  'boolean',
  'object',
  'any',
  'unknown',
  'required',
  'optional',
  'redacted',
  'hidden',
  'masked',
  'secret',
  'password',
  'token',
]);

export function isPlaceholder(value: string): boolean {
  return PLACEHOLDER.test(value);
}

/**
 * Whether `value`, found after a credential's name (`token=`, `password:`, a cookie), is worth hiding.
 * A password is hidden whatever it looks like (4 characters or more); any other credential when it
 * looks random: 8 characters or more mixing letters and digits, or 16 or more without spaces. Never a
 * placeholder or a keyword, and never a plain word or dotted name (`process.env.TOKEN`, `getToken`), so
 * that `token: string` in a type error or `secret=my-app-secret` in a command line stay readable.
 */
export function isCredentialValue(value: string, isPassword: boolean): boolean {
  if (isPlaceholder(value) || NOT_A_VALUE.has(value.toLowerCase())) return false;
  if (isPassword) return value.length >= 4;
  if (value.length < 8) return false;
  if (/^[A-Za-z_][A-Za-z_.-]*(?:\(\)?)?$/.test(value)) return false;
  return (/[A-Za-z]/.test(value) && /\d/.test(value)) || value.length >= 16;
}
