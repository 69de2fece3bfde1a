// The `more` dev batch: php cases (read and tune on them freely).
import type { CorpusCase } from '../../generator/corpus-case.js';

export const CASES: CorpusCase[] = [
  {
    id: 'php/more-phpunit-assert-same',
    tool: 'phpunit 9.6',
    cmd: 'phpunit tests',
    files: {
      'src/Tax.php': '<?php\nfunction rate(): int { return 19; }\n',
      'tests/TaxTest.php':
        "<?php\nuse PHPUnit\\Framework\\TestCase;\nrequire_once __DIR__ . '/../src/Tax.php';\n\nfinal class TaxTest extends TestCase\n{\n    public function testRate(): void\n    {\n        $this->assertSame(20, rate());\n    }\n}\n",
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/There was 1 failure/, /^FAILURES!/],
    locs: [['tests/TaxTest.php', 9, null]],
    wrapper: 'ci',
  },
  {
    id: 'php/more-php-lint-unexpected',
    tool: 'php 8.2 -l',
    cmd: 'php -l src/Cart.php',
    files: {
      'src/Cart.php':
        '<?php\nclass Cart {\n    public function add($x) {\n        $this->items[] = $x\n    }\n}\n',
    },
    pattern: 'syntax-error',
    category: 'syntax',
    ev: /Parse error|PHP Parse error/,
    locs: [['src/Cart.php', 5, null]],
    wrapper: 'ci',
  },
  {
    id: 'php/more-php-typeerror',
    tool: 'php 8.2',
    cmd: 'php bin/run.php',
    files: {
      'bin/run.php':
        '<?php\ndeclare(strict_types=1);\nfunction total(int $a): int { return $a * 2; }\necho total("3");\n',
    },
    pattern: null,
    category: 'build',
    ev: [/Fatal error: +Uncaught TypeError/, /thrown in/],
    locs: [
      ['bin/run.php', 4, null],
      ['bin/run.php', 3, null],
    ],
    wrapper: 'ci',
    note: 'a script crashes with a TypeError at run time: a bug in the script (no type checker ran), build',
  },
  {
    id: 'php/more-phpcs-full',
    tool: 'phpcs (Debian)',
    cmd: 'phpcs --standard=PSR2 --report=full src',
    files: { 'src/Util.php': '<?php\nnamespace App;\nclass Util {\n  function x(){ return 1; }\n}\n' },
    pattern: 'lint-error',
    category: 'lint',
    ev: [/^FILE: /, /PHPCBF CAN FIX/],
    locs: [
      ['src/Util.php', 2, null],
      ['src/Util.php', 3, null],
      ['src/Util.php', 4, null],
    ],
    wrapper: 'ci',
  },
  {
    id: 'php/more-composer-validate',
    tool: 'composer 2.5',
    cmd: 'composer validate --no-check-publish',
    files: {
      'composer.json':
        '{"name": "acme/app", "require": {"php": ">=8.1"}, "autoload": {"psr-4": {"App\\\\": "src/"}}, "typo": 1, "license": 5}\n',
    },
    pattern: 'config-error',
    category: 'config',
    ev: [/composer\.json is invalid|does not match|must be/, /license/],
    locs: [['composer.json', 1, null]],
    wrapper: 'ci',
  },
];
