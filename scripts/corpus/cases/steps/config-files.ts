// The multi-step dev probes (read and tune on them freely): one file per probe, in the order written.
import type { CorpusCase, Loc } from '../../generator/corpus-case.js';
import { NM2 } from './shared.js';

// A seventh probe (same session): a broken config file for each of 18 tools (eslintrc, .prettierrc,
// jest, vitest, tsconfig extends, package.json, black, .rubocop.yml, Gemfile, rustfmt.toml, .yamllint,
// mix.exs, build.xml, pom.xml, phpcs.xml, tox.ini, CMakeLists.txt, main.tf), each in a GitHub Actions
// step; all labelled config before the analyzer ran. It missed 7.
// [id, category, files, cmd, pre]
const CONFIG_ERRORS: [string, string, Record<string, string>, string, string][] = [
  [
    'eslintrc-json-syntax',
    'config',
    {
      '.eslintrc.json': '{ "rules": { "semi": "error", } ',
      'src/a.js': 'var a = 1\n',
      'package.json': '{"name":"x"}',
    },
    'ESLINT_USE_FLAT_CONFIG=false npx --no-install eslint src',
    NM2,
  ],
  [
    'prettierrc-invalid',
    'config',
    { '.prettierrc': '{ "tabWidth": "four", }', 'a.js': 'const a = 1;\n', 'package.json': '{"name":"x"}' },
    'npx --no-install prettier --check a.js',
    NM2,
  ],
  [
    'jest-unknown-env',
    'config',
    {
      'jest.config.js': "module.exports = { testEnvironment: 'jsdomm' };\n",
      'a.test.js': "test('a',()=>{});\n",
      'package.json': '{"name":"x"}',
    },
    'npx --no-install jest --ci',
    NM2,
  ],
  [
    'vitest-config-syntax',
    'config',
    {
      'vitest.config.mjs': "export default {\n  test: { environment: 'node', \n",
      'a.test.js': "import {test} from 'vitest'; test('a',()=>{});\n",
      'package.json': '{"name":"x","type":"module"}',
    },
    'npx --no-install vitest run',
    NM2,
  ],
  [
    'tsconfig-extends-missing',
    'config',
    {
      'tsconfig.json': '{"extends":"./tsconfig.base.json","compilerOptions":{"noEmit":true}}',
      'a.ts': 'export const a = 1;\n',
      'package.json': '{"name":"x"}',
    },
    'npx --no-install tsc -p .',
    NM2,
  ],
  [
    'package-json-invalid',
    'config',
    { 'package.json': '{"name":"x", "scripts": {"test": "jest",}}' },
    'npm test',
    '',
  ],
  [
    'black-pyproject-invalid',
    'config',
    { 'pyproject.toml': '[tool.black]\nline-length = "long"\n', 'a.py': 'x = 1\n' },
    'black --check .',
    '',
  ],
  [
    'rubocop-yml-syntax',
    'config',
    { '.rubocop.yml': 'AllCops:\n  TargetRubyVersion: 3.1\n   NewCops: enable\n', 'a.rb': "puts 'a'\n" },
    'rubocop a.rb',
    '',
  ],
  [
    'gemfile-syntax',
    'config',
    { Gemfile: 'source "https://rubygems.org"\ngem "rake",\n' },
    'bundle install --local',
    '',
  ],
  [
    'rustfmt-toml-bad',
    'config',
    {
      'rustfmt.toml': 'max_width = "wide"\n',
      'Cargo.toml': '[package]\nname = "x"\nversion = "0.1.0"\nedition = "2021"\n',
      'src/main.rs': 'fn main() {}\n',
    },
    'cargo fmt --check',
    '',
  ],
  [
    'yamllint-config-bad',
    'config',
    { '.yamllint': 'extends: defaultt\n', 'a.yml': 'a: 1\n' },
    'yamllint .',
    '',
  ],
  [
    'mix-exs-error',
    'config',
    {
      'mix.exs':
        'defmodule X.MixProject do\n  use Mix.Project\n  def project, do: [app: :x, version: "0.1.0", deps: deps()]\nend\n',
    },
    'mix compile',
    '',
  ],
  [
    'ant-build-xml-malformed',
    'config',
    { 'build.xml': '<project name="x" default="a">\n  <target name="a">\n</project>\n' },
    'ant',
    '',
  ],
  [
    'pom-unknown-packaging',
    'config',
    {
      'pom.xml':
        '<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion><groupId>a</groupId><artifactId>b</artifactId><version>1</version><packaging>jarr</packaging></project>\n',
    },
    'mvn -B -ntp -o -Dmaven.repo.local=/usr/share/maven-repo validate',
    '',
  ],
  [
    'phpcs-standard-missing',
    'config',
    {
      'phpcs.xml': '<?xml version="1.0"?>\n<ruleset name="x"><rule ref="Acme"/></ruleset>\n',
      'a.php': '<?php echo 1;\n',
    },
    'phpcs a.php',
    '',
  ],
  [
    'tox-ini-no-env',
    'config',
    { 'tox.ini': '[tox]\nenvlist = py311\nskipsdist = true\n[testenv]\ncommands = pytest\n' },
    'tox -e lintt',
    '',
  ],
  [
    'cmake-unknown-command',
    'config',
    {
      'CMakeLists.txt': 'cmake_minimum_required(VERSION 3.16)\nproject(x C)\nadd_exectuable(x main.c)\n',
      'main.c': 'int main(void){return 0;}\n',
    },
    'cmake -S . -B build',
    '',
  ],
  [
    'terraform-unsupported-arg',
    'config',
    { 'main.tf': 'variable "a" {\n  typo = 1\n}\n' },
    'terraform validate -no-color',
    '',
  ],
];
const CONFIG_ECO: Record<string, string> = {
  eslintrc: 'js',
  prettierrc: 'js',
  jest: 'js',
  vitest: 'js',
  tsconfig: 'js',
  package: 'js',
  black: 'python',
  rubocop: 'ruby',
  gemfile: 'ruby',
  rustfmt: 'rust',
  yamllint: 'yaml-md',
  mix: 'elixir',
  ant: 'jvm',
  pom: 'jvm',
  phpcs: 'php',
  tox: 'python',
  cmake: 'c-cpp',
  terraform: 'terraform',
};
// The lines a person points to in each (read from the tools' messages, before scoring).
const CONFIG_EV: Record<string, CorpusCase['ev']> = {
  'eslintrc-json-syntax': [
    /Failed to read JSON file|Cannot read config file/,
    /^Error: Expected double-quoted/,
  ],
  'prettierrc-invalid': /Invalid tabWidth value/,
  'jest-unknown-env': [/Validation Error/, /cannot be found/],
  'vitest-config-syntax': [/failed to load config/, /Expected `}` but found/],
  'tsconfig-extends-missing': /error TS5083/,
  'package-json-invalid': [/EJSONPARSE/, /Failed to parse JSON data/],
  'black-pyproject-invalid': /Invalid value for '-l'/,
  'rubocop-yml-syntax': /Psych::SyntaxError\)$/,
  'gemfile-syntax': [/There was an error parsing `Gemfile`/, /Bundler cannot continue/],
  'rustfmt-toml-bad': [/failed to parse/, /max_width/],
  'yamllint-config-bad': /FileNotFoundError: .*defaultt/,
  'mix-exs-error': /CompileError/,
  'ant-build-xml-malformed': [/BUILD FAILED/, /must be terminated/],
  'pom-unknown-packaging': [/Some problems were encountered/, /Unknown packaging/],
  'phpcs-standard-missing': /Referenced sniff/,
  'tox-ini-no-env': /unknown environment/,
  'cmake-unknown-command': [/CMake Error/, /add_exectuable|Unknown CMake command/],
  'terraform-unsupported-arg': [/Error: Unsupported argument/, /not expected here/],
};
// The places the tools print (the config file's line), as the corpus conventions say.
const CONFIG_LOCS: Record<string, Loc[]> = {
  'vitest-config-syntax': [['vitest.config.mjs', 2, 33]],
  'ant-build-xml-malformed': [['build.xml', 3, null]],
  'pom-unknown-packaging': [['pom.xml', 1, 163]],
  'cmake-unknown-command': [['CMakeLists.txt', 3, null]],
  'terraform-unsupported-arg': [['main.tf', 2, null]],
  'package-json-invalid': [['package.json', 1, null]],
  'mix-exs-error': [['mix.exs', 3, null]],
};
export const CASES: CorpusCase[] = [];
for (const [id, category, files, cmd, pre] of CONFIG_ERRORS) {
  CASES.push({
    id: `steps/config-${id}`,
    tool: cmd.startsWith('npx') ? cmd.split(/\s+/)[2]! : cmd.split(/\s+/)[0]!,
    cmd,
    eco: CONFIG_ECO[id.split('-')[0]!],
    wrapper: 'github-actions',
    files,
    ...(pre ? { pre } : {}),
    env: { HOME: '/root' },
    pattern: null,
    category,
    ev: CONFIG_EV[id],
    locs: CONFIG_LOCS[id] ?? [],
  });
}
