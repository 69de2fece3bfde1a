import { describe, expect, it } from 'vitest';
import { relativePaths } from '../../../src/core/report/relative-paths.js';

describe('relativePaths', () => {
  it('takes the checkout out of paths and banners, under either spelling of the root', () => {
    const text =
      ' RUN  v4.1.12 /private/tmp/repo-1\n ❯ /tmp/repo-1/src/slug.test.js:5:31\nat /private/tmp/repo-1/src/slug.js:2';
    expect(relativePaths(text, ['/tmp/repo-1', '/private/tmp/repo-1'])).toBe(
      ' RUN  v4.1.12 .\n ❯ src/slug.test.js:5:31\nat src/slug.js:2',
    );
  });

  it('leaves a longer sibling path and other absolute paths alone', () => {
    expect(relativePaths('/tmp/repo-10/a.js and /usr/lib/node.js', ['/tmp/repo-1'])).toBe(
      '/tmp/repo-10/a.js and /usr/lib/node.js',
    );
  });
});
