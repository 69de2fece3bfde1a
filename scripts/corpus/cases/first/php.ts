// The first batch's php cases (dev; those with `held: true` are held out: never tune on them).
import type { CorpusCase } from '../../generator/corpus-case.js';

type Files = Record<string, string>;

const PHPUNIT_XML =
  '<?xml version="1.0"?>\n<phpunit bootstrap="src/Cart.php" colors="false">\n  <testsuites><testsuite name="unit"><directory>tests</directory></testsuite></testsuites>\n</phpunit>\n';
const PHP_CART =
  '<?php\nclass Cart {\n    public function total(array $prices): int {\n        return array_sum($prices) - 1;\n    }\n}\n';

function php(
  id: string,
  files: Files,
  cmd: string,
  pattern: string | null,
  category: string,
  ev: CorpusCase['ev'],
  { tool = 'phpunit 9.6.7 / php 8.2', ...kw }: Partial<CorpusCase> = {},
): CorpusCase {
  return {
    id,
    tool,
    cmd,
    files: { 'src/Cart.php': PHP_CART, 'phpunit.xml': PHPUNIT_XML, ...files },
    pattern,
    category,
    ev,
    ...kw,
  };
}

export const CASES: CorpusCase[] = [
  php(
    'php/phpunit-failure',
    {
      'tests/CartTest.php':
        '<?php\nuse PHPUnit\\Framework\\TestCase;\n\nclass CartTest extends TestCase {\n    public function testTotal(): void {\n        $this->assertSame(5, (new Cart())->total([2, 3]));\n    }\n}\n',
    },
    'phpunit',
    'test-failure',
    'test',
    [/^1\) CartTest::testTotal/, /CartTest.php:\d+/],
    { locs: [['tests/CartTest.php', 6, null]], wrapper: 'ci' },
  ),
  php(
    'php/phpunit-error',
    {
      'tests/CartTest.php':
        '<?php\nuse PHPUnit\\Framework\\TestCase;\n\nclass CartTest extends TestCase {\n    public function testNull(): void {\n        $this->assertSame(0, (new Cart())->total(null));\n    }\n}\n',
    },
    'phpunit',
    'test-failure',
    'test',
    [/^1\) CartTest::testNull/, /CartTest.php:\d+/],
    {
      locs: [['tests/CartTest.php', 6, null]],
      wrapper: 'raw',
      note: 'TypeError inside the test: a test failure, not a type-check',
    },
  ),
  php(
    'php/phpunit-parse-error',
    {
      'tests/CartTest.php':
        '<?php\nuse PHPUnit\\Framework\\TestCase;\n\nclass CartTest extends TestCase {\n    public function testX(): void {\n        $x = [1, 2\n    }\n}\n',
    },
    'phpunit',
    'syntax-error',
    'syntax',
    /Parse error|syntax error|ParseError/,
    { locs: [['tests/CartTest.php', 7, null]], wrapper: 'ci' },
  ),
  php(
    'php/php-lint',
    { 'src/Util.php': '<?php\nfunction f() {\n    return 1\n}\n' },
    'php -l src/Util.php',
    'syntax-error',
    'syntax',
    /Parse error|Errors parsing/,
    { locs: [['src/Util.php', 4, null]], wrapper: 'ci', tool: 'php 8.2' },
  ),
  php(
    'php/phpcs-psr12',
    { 'src/Util.php': '<?php\nfunction f( $a ){\nreturn $a;}\n' },
    'phpcs --standard=PSR12 --report=emacs src',
    'lint-error',
    'lint',
    /^\/.*Util.php:\d+:\d+: error/,
    { locre: /^(?<f>\S+\.php):(?<l>\d+):(?<c>\d+): error/, wrapper: 'ci', tool: 'php-codesniffer 3.7.1' },
  ),
  php(
    'php/phpcs-full-report',
    { 'src/Order.php': '<?php\nclass order_item {\n  var $x;\n}\n' },
    'phpcs --standard=PSR12 src',
    'lint-error',
    'lint',
    [/^FILE: /, /PHPCBF CAN FIX|^-{10,}$/],
    { wrapper: 'raw', tool: 'php-codesniffer 3.7.1', held: true },
  ),
  php(
    'php/composer-network',
    {
      'composer.json':
        '{"require": {"monolog/monolog": "^3.0"}, "repositories": [{"type": "composer", "url": "http://127.0.0.1:9"}, {"packagist.org": false}], "config": {"secure-http": false}}',
    },
    'composer install --no-interaction --no-progress',
    'network-error',
    'network',
    /curl error|Connection refused|failed to open stream|could not be fully loaded/,
    { wrapper: 'ci', tool: 'composer 2.5.5', timeout: 90 },
  ),
  php(
    'php/composer-invalid-json',
    { 'composer.json': '{"require": {"monolog/monolog": "^3.0",}}' },
    'composer validate',
    'config-error',
    'config',
    /does not contain valid JSON|Parse error|composer.json/,
    {
      wrapper: 'raw',
      tool: 'composer 2.5.5',
      locs: [['composer.json', 1, null]],
      note: 'composer names the line of composer.json it cannot parse (label added 2026-11-25: the first label had none)',
    },
  ),
  php(
    'php/composer-lock-outdated',
    {
      'composer.json': '{"require": {"php": ">=8.0"}}',
      'composer.lock':
        '{"content-hash": "0000", "packages": [], "packages-dev": [], "aliases": [], "minimum-stability": "stable", "stability-flags": [], "prefer-stable": false, "prefer-lowest": false, "platform": {}, "platform-dev": []}',
    },
    'composer validate --no-check-publish && composer install --no-interaction',
    'lockfile-mismatch',
    'lockfile',
    /lock file is not up to date|not up to date/,
    { wrapper: 'ci', tool: 'composer 2.5.5', held: true },
  ),
  php(
    'php/composer-auth-401',
    {
      'composer.json':
        '{"require": {"acme/private": "^1.0"}, "repositories": [{"type": "composer", "url": "http://127.0.0.1:8790/401"}, {"packagist.org": false}], "config": {"secure-http": false}}',
    },
    'composer install --no-interaction --no-progress',
    'auth-error',
    'auth',
    /401|authentication|Authentication|credentials/,
    { wrapper: 'ci', tool: 'composer 2.5.5', timeout: 60 },
  ),
];

CASES.push(
  php(
    'php/phpunit-two-tests',
    {
      'tests/CartTest.php':
        '<?php\nuse PHPUnit\\Framework\\TestCase;\n\nclass CartTest extends TestCase {\n    public function testEmpty(): void {\n        $this->assertSame(0, (new Cart())->total([]));\n    }\n\n    public function testTlsConnectNameOnly(): void {\n        $this->assertTrue(true);\n    }\n}\n',
    },
    'phpunit',
    'test-failure',
    'test',
    [/^1\) CartTest::testEmpty/, /CartTest.php:\d+/],
    { locs: [['tests/CartTest.php', 6, null]], wrapper: 'ci', held: true },
  ),
  php(
    'php/php-fatal-undefined-function',
    { 'bin/run.php': '<?php\nrequire __DIR__ . "/../src/Cart.php";\necho price_with_tax(10);\n' },
    'php bin/run.php',
    null,
    'build',
    /Fatal error|Call to undefined function/,
    {
      locs: [['bin/run.php', 3, null]],
      wrapper: 'ci',
      tool: 'php 8.2',
      note: 'a script crashed on an undefined function: build',
    },
  ),
  php(
    'php/phpcs-missing-standard',
    { 'src/A.php': '<?php\n' },
    'phpcs --standard=Acme src',
    'config-error',
    'config',
    /ERROR|not installed/,
    { wrapper: 'ci', tool: 'php-codesniffer 3.7.1' },
  ),
  php(
    'php/php-lint-two-files',
    { 'src/A.php': '<?php\n$x = ;\n', 'src/B.php': '<?php\necho 1;\n' },
    'for f in src/*.php; do php -l "$f" || exit 1; done',
    'syntax-error',
    'syntax',
    /Parse error|Errors parsing/,
    { locs: [['src/A.php', 2, null]], wrapper: 'raw', tool: 'php 8.2', held: true },
  ),
);
