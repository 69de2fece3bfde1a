import type { Category } from '../vocabulary.js';
import { TOOLS } from '../patterns/tools/index.js';
import { COMMAND_KINDS, type CommandKind, type Tool } from '../patterns/tools/tool.js';

/** Words that say what a command checks whatever the tool: `npm run lint`, `make test`, `./gradlew build`. */
const GENERIC_WORDS: { readonly [kind in CommandKind]: readonly string[] } = {
  format: ['fmt --check', 'format', 'ktlint --format', 'swiftformat'],
  lint: ['lint'],
  type: ['pyright', 'psalm', 'typecheck', 'type-check', 'types'],
  test: ['test', 'tests', 'spec', 'prove'],
  // A download that fails without saying why (curl -f, wget -q) is most likely the network.
  network: [],
  // `npm ci`, not a script that lives in a `ci/` folder; `bundle exec rake`, `poetry run …` run a task.
  dependency: ['install', 'restore', 'dependencies', 'deps'],
  task: ['invoke', 'just', 'task'],
  build: ['build', 'compile', 'package', 'assemble'],
};
const CATEGORY_OF_KIND: { readonly [kind in CommandKind]: Category } = {
  format: 'format',
  lint: 'lint',
  type: 'type',
  test: 'test',
  network: 'network',
  dependency: 'dependency',
  task: 'test',
  build: 'build',
};
/** `make check`, `./gradlew check`: the conventional target that runs the test suite. */
const CHECK_TARGET: readonly [RegExp, Category] = [/\b(?:make|gradlew?|ninja|meson)\b.*\bcheck\b/, 'test'];

function commandShapes(tools: readonly Tool[]): (readonly [RegExp, Category])[] {
  const shapes = COMMAND_KINDS.flatMap((kind) => {
    const words = [...GENERIC_WORDS[kind], ...tools.flatMap((t) => t.commands?.[kind] ?? [])];
    return words.length === 0
      ? []
      : [[new RegExp(`\\b(?:${words.join('|')})\\b`), CATEGORY_OF_KIND[kind]] as const];
  });
  // After the type checkers' words: `make check` runs tests, `make typecheck` checks types.
  shapes.splice(
    shapes.findIndex(([, c]) => c === 'test'),
    0,
    CHECK_TARGET,
  );
  return shapes;
}

const SHAPES = commandShapes(TOOLS);

/** What kind of check a command line runs, from the tool it names: `npm run lint` → lint. */
export function categoryOfCommand(command: string): Category | null {
  const cmd = command.toLowerCase();
  for (const [shape, category] of SHAPES) if (shape.test(cmd)) return category;
  return null;
}

/** True for a command whose failing output is a bare list of files to reformat (`gofmt -l .`). */
export function listsFiles(command: string): boolean {
  return TOOLS.some((t) => t.listsFiles?.test(command) === true);
}
