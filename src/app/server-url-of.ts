/**
 * The web address of the GitHub a webhook came from — `https://github.com`, or a GitHub Enterprise Server's
 * `https://ghe.example.com` — read once per delivery from its repository's `html_url` (every real payload
 * has it) and passed down with the pull request's facts: the App's links to blobs and pull requests go
 * there. github.com when the payload has none (a test's hand-made payload).
 */
export function serverUrlOf(payload: { repository?: { html_url?: string | null } | null }): string {
  const url = payload.repository?.html_url;
  if (typeof url !== 'string') return 'https://github.com';
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? 'https://github.com' : origin;
  } catch {
    return 'https://github.com';
  }
}
