import type { Tool } from './tool.js';
import { eslint } from './eslint.js';
import { prettier } from './prettier.js';
import { biome } from './biome.js';
import { tsc } from './tsc.js';
import { vitest } from './vitest.js';
import { jest } from './jest.js';
import { mocha } from './mocha.js';
import { nodeTest } from './node-test.js';
import { node } from './node.js';
import { npm } from './npm.js';
import { pnpm } from './pnpm.js';
import { yarn } from './yarn.js';
import { webpack } from './webpack.js';
import { vite } from './vite.js';
import { esbuild } from './esbuild.js';
import { pytest } from './pytest.js';
import { python } from './python.js';
import { unittest } from './unittest.js';
import { tox } from './tox.js';
import { flake8 } from './flake8.js';
import { pyflakes } from './pyflakes.js';
import { pylint } from './pylint.js';
import { ruff } from './ruff.js';
import { black } from './black.js';
import { isort } from './isort.js';
import { mypy } from './mypy.js';
import { pip } from './pip.js';
import { poetry } from './poetry.js';
import { go } from './go.js';
import { goVet } from './go-vet.js';
import { gofmt } from './gofmt.js';
import { golangciLint } from './golangci-lint.js';
import { rustc } from './rustc.js';
import { cargo } from './cargo.js';
import { clippy } from './clippy.js';
import { rustfmt } from './rustfmt.js';
import { javac } from './javac.js';
import { maven } from './maven.js';
import { gradle } from './gradle.js';
import { ant } from './ant.js';
import { kotlinc } from './kotlinc.js';
import { scalac } from './scalac.js';
import { sbt } from './sbt.js';
import { checkstyle } from './checkstyle.js';
import { pmd } from './pmd.js';
import { spotbugs } from './spotbugs.js';
import { spotless } from './spotless.js';
import { jvm } from './jvm.js';
import { rspec } from './rspec.js';
import { minitest } from './minitest.js';
import { rubocop } from './rubocop.js';
import { bundler } from './bundler.js';
import { rake } from './rake.js';
import { ruby } from './ruby.js';
import { phpunit } from './phpunit.js';
import { php } from './php.js';
import { composer } from './composer.js';
import { phpcs } from './phpcs.js';
import { phpstan } from './phpstan.js';
import { mix } from './mix.js';
import { credo } from './credo.js';
import { gcc } from './gcc.js';
import { cmake } from './cmake.js';
import { make } from './make.js';
import { ctest } from './ctest.js';
import { cppcheck } from './cppcheck.js';
import { clangFormat } from './clang-format.js';
import { sanitizers } from './sanitizers.js';
import { valgrind } from './valgrind.js';
import { dotnet } from './dotnet.js';
import { swift } from './swift.js';
import { swiftlint } from './swiftlint.js';
import { shellcheck } from './shellcheck.js';
import { sh } from './sh.js';
import { bash } from './bash.js';
import { cmd } from './cmd.js';
import { bats } from './bats.js';
import { docker } from './docker.js';
import { hadolint } from './hadolint.js';
import { terraform } from './terraform.js';
import { yamllint } from './yamllint.js';
import { markdownlint } from './markdownlint.js';
import { git } from './git.js';
import { githubActions } from './github-actions.js';
import { ciServices } from './ci-services.js';
import { timeoutCommand } from './timeout-command.js';
import { curl } from './curl.js';
import { wget } from './wget.js';
import { network } from './network.js';
import { credentials } from './credentials.js';
import { rateLimits } from './rate-limits.js';
import { timeLimits } from './time-limits.js';
import { memoryLimits } from './memory-limits.js';
import { diskSpace } from './disk-space.js';
import { filePermissions } from './file-permissions.js';
import { closedLoop } from './closed-loop.js';
import { apt } from './apt.js';
import { anyTool } from './any-tool.js';

/**
 * Every tool the analyzer knows, in the order their shapes are tried (a line two tools' shapes could read
 * is read by the first) and their signals listed (`closed-loop patterns`): words no one tool owns first, then
 * the tools by ecosystem. test/core/patterns/tools.test.ts checks that every file of this folder is here.
 */
export const TOOLS: readonly Tool[] = [
  network,
  credentials,
  rateLimits,
  timeLimits,
  memoryLimits,
  diskSpace,
  filePermissions,
  anyTool,
  eslint,
  prettier,
  biome,
  tsc,
  vitest,
  jest,
  mocha,
  nodeTest,
  node,
  npm,
  pnpm,
  yarn,
  webpack,
  vite,
  esbuild,
  pytest,
  python,
  unittest,
  tox,
  flake8,
  pyflakes,
  pylint,
  ruff,
  black,
  isort,
  mypy,
  pip,
  poetry,
  go,
  goVet,
  gofmt,
  golangciLint,
  rustc,
  cargo,
  clippy,
  rustfmt,
  javac,
  maven,
  gradle,
  ant,
  kotlinc,
  scalac,
  sbt,
  checkstyle,
  pmd,
  spotbugs,
  spotless,
  jvm,
  rspec,
  minitest,
  rubocop,
  bundler,
  rake,
  ruby,
  phpunit,
  php,
  composer,
  phpcs,
  phpstan,
  mix,
  credo,
  gcc,
  cmake,
  make,
  ctest,
  cppcheck,
  clangFormat,
  sanitizers,
  valgrind,
  dotnet,
  swift,
  swiftlint,
  shellcheck,
  sh,
  bash,
  cmd,
  bats,
  docker,
  hadolint,
  terraform,
  yamllint,
  markdownlint,
  git,
  githubActions,
  ciServices,
  timeoutCommand,
  curl,
  wget,
  closedLoop,
  apt,
];
