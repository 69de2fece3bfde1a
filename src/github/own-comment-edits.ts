type Options = { method: string; url: string; [k: string]: unknown };
interface Hookable {
  hook: {
    wrap(name: 'request', wrapper: (send: (o: never) => unknown, options: Options) => Promise<unknown>): void;
  };
}

/** The most comments remembered; the oldest are forgotten first (Map keeps insertion order). */
const LIMIT = 10_000;

/**
 * The `updated_at` GitHub gave each comment this App instance last wrote. A comment whose
 * `updated_at` is still that one has not been edited by anyone since, so who edited it last need not
 * be asked (one GraphQL request per delivery). Another instance's writes are not known here: then the
 * editor is asked, as before.
 */
export class OwnCommentEdits {
  private readonly known = new Map<number, string>();

  /** Records the comment writes (create, edit) `octokit` makes from now on. */
  watch(octokit: Hookable): void {
    octokit.hook.wrap('request', async (send, options) => {
      const response = await (send(options as never) as Promise<{
        data?: { id?: unknown; updated_at?: unknown };
      }>);
      const method = options.method.toUpperCase();
      const written =
        (method === 'POST' && /\/issues\/[^/]+\/comments$/.test(options.url)) ||
        (method === 'PATCH' && /\/issues\/comments\/[^/]+$/.test(options.url));
      const { id, updated_at: at } = response.data ?? {};
      if (written && typeof id === 'number' && typeof at === 'string') this.remember(id, at);
      return response;
    });
  }

  /** Whether the App's own write is still the comment's last edit. */
  isLastEdit(id: number, updatedAt: string | undefined): boolean {
    return updatedAt !== undefined && this.known.get(id) === updatedAt;
  }

  private remember(id: number, at: string): void {
    this.known.delete(id);
    this.known.set(id, at);
    if (this.known.size > LIMIT) this.known.delete(this.known.keys().next().value as number);
  }
}
