import { codeFence } from '../report/code-fence.js';
import { maskSecrets } from '../report/mask-secrets.js';
import { truncateUtf8, utf8Length } from '../report/markdown-text.js';

/** The most of a patch the summary shows: enough for a real fix, small beside the 1 MiB summary. */
export const PATCH_MAX_BYTES = 60 * 1024;

const kb = (bytes: number): string => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`);

/**
 * The fix the loop made but did not push (a fork's branch, `push: never`): how to apply it, then the
 * diff itself, folded. A patch over 60 KB is cut at a line and says so; the whole file is in the
 * `closed-loop-result` artifact. Secrets are masked before the cut, so no token is half shown.
 */
export function renderPatchSection(
  patch: string,
  opts: { secrets?: readonly string[]; runUrl?: string; onPullRequest?: boolean } = {},
): string {
  const masked = maskSecrets(patch, opts.secrets);
  const shown = truncateUtf8(masked, PATCH_MAX_BYTES);
  const truncated = shown.length < masked.length;
  const where = opts.runUrl
    ? `the \`closed-loop-result\` artifact of [this run](${encodeURI(opts.runUrl)})`
    : 'the `closed-loop-result` artifact of this run';
  const out = [
    '### Fix not pushed',
    '',
    `The loop made a fix it did not push to this branch. To apply it, download \`fix.patch\` from ${where}, then in your checkout of ${opts.onPullRequest === false ? "this commit's branch" : "the pull request's branch"}:`,
    '',
    codeFence(
      'git apply --index fix.patch\ngit commit -m "closed-loop: apply the fix from CI"\ngit push',
      'sh',
    ),
    '',
  ];
  if (truncated) {
    out.push(
      `> [!NOTE]\n> The patch is ${kb(utf8Length(masked))}; only its first ${kb(utf8Length(shown))} are shown below (the summary shows at most 60 KB). Apply the artifact's \`fix.patch\`, not this excerpt.`,
      '',
    );
  }
  out.push(
    '<details>',
    `<summary>fix.patch (${kb(utf8Length(masked))}${truncated ? ', truncated' : ''})</summary>`,
    '',
    codeFence(shown, 'diff'),
    '',
    '</details>',
  );
  return out.join('\n');
}
