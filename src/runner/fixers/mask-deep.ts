/** Env variables whose values are secrets by name; masked as literals wherever they appear. */
const SECRET_NAME = /TOKEN|SECRET|PASSWORD|PASSWD|PRIVATE_KEY|API_KEY|ACCESS_KEY|CREDENTIALS/i;

/** Values of the secret-looking environment variables (at least 8 characters). */
export function envSecrets(env: NodeJS.ProcessEnv = process.env): string[] {
  return Object.entries(env)
    .filter(([k, v]) => SECRET_NAME.test(k) && v !== undefined && v.length >= 8)
    .map(([, v]) => v as string);
}
