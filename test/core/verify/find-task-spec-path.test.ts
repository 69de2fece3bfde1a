import { describe, expect, it } from 'vitest';
import { findTaskSpecPath } from '../../../src/core/verify/find-task-spec-path.js';

describe('findTaskSpecPath', () => {
  it.each([
    ['label and plain path', 'Task spec: docs/tasks/TASK-007.md', 'docs/tasks/TASK-007.md'],
    ['label and backticked path', 'Spec: `tasks/x.md`', 'tasks/x.md'],
    ['bold label in a list', '- **Task spec:** docs/tasks/TASK-007.md', 'docs/tasks/TASK-007.md'],
    ['bold label, colon outside', '**Spec**: docs/spec.markdown', 'docs/spec.markdown'],
    ['markdown link on a Task line', 'Task: [TASK-007](docs/tasks/TASK-007.md)', 'docs/tasks/TASK-007.md'],
    [
      'link without a colon',
      'Task spec in [the task](./docs/tasks/t.md#acceptance-criteria)',
      'docs/tasks/t.md',
    ],
    ['trailing period dropped', 'Specification: docs/tasks/t.md.', 'docs/tasks/t.md'],
    ['first match after other lines', 'Fixes #12\n\nTask file: tasks/a.md\nSpec: tasks/b.md', 'tasks/a.md'],
    ['CRLF body', 'Summary\r\nTask spec: docs/t.md\r\n', 'docs/t.md'],
    [
      'a refused line does not hide a later good one',
      'Spec: /etc/passwd.md\nTask spec: docs/t.md',
      'docs/t.md',
    ],
  ])('%s', (_what, body, path) => {
    expect(findTaskSpecPath(body)).toBe(path);
  });

  it.each([
    ['no spec line', 'Adds the endpoint.\n\n- [x] tests pass'],
    ['absolute path', 'Task spec: /docs/tasks/t.md'],
    ['home path', 'Task spec: ~/t.md'],
    ['climbing', 'Task spec: docs/../../secrets.md'],
    ['climbing in a link', 'Task: [t](../other-repo/t.md)'],
    ['encoded climbing in a link', 'Task: [t](docs/%2e%2e/%2e%2e/t.md)'],
    ['URL to another host', 'Spec: [t](https://evil.example.com/docs/t.md)'],
    ['not markdown', 'Task spec: docs/tasks/t.txt'],
    ['only a task id', 'Task: TASK-007'],
    ['label not at the line start', 'See the Task spec: docs/t.md'],
    ['inside a code fence', '```\nTask spec: docs/t.md\n```'],
    ['inside an HTML comment (a PR template hint)', '<!--\nTask spec: docs/tasks/TASK-000.md\n-->'],
    ['Windows path', 'Task spec: C:\\docs\\t.md'],
  ])('refuses: %s', (_what, body) => {
    expect(findTaskSpecPath(body)).toBeNull();
  });

  it('reads a github.com link as a path only for the given repository', () => {
    const body = 'Task: [TASK-7](https://github.com/acme/shop/blob/main/docs/tasks/TASK-7.md)';
    expect(findTaskSpecPath(body, 'https://github.com/acme/shop')).toBe('docs/tasks/TASK-7.md');
    expect(findTaskSpecPath(body, 'https://github.com/evil/shop')).toBeNull();
    expect(findTaskSpecPath(body, 'https://ghe.example.com/acme/shop')).toBeNull();
    expect(findTaskSpecPath(body)).toBeNull();
  });

  it("on GitHub Enterprise Server, reads a link to the server's blob of the repository", () => {
    const body = 'Task: [TASK-7](https://ghe.example.com/acme/shop/blob/main/docs/tasks/TASK-7.md)';
    expect(findTaskSpecPath(body, 'https://ghe.example.com/acme/shop')).toBe('docs/tasks/TASK-7.md');
    expect(findTaskSpecPath(body, 'https://github.com/acme/shop')).toBeNull();
  });
});
