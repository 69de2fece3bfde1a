// The first batch's jvm cases (dev; those with `held: true` are held out: never tune on them).
import type { CorpusCase } from '../../generator/corpus-case.js';

type Files = Record<string, string>;

const JLOC = /^(?<f>[\w/.-]+\.java):(?<l>\d+): error:/;
const MVN = 'mvn -B -ntp -Dmaven.repo.local=/usr/share/maven-repo';
const MLOC = /^\[ERROR\] (?<f>\/\S+\.java):\[(?<l>\d+),(?<c>\d+)\]/;

function pom({
  deps = '',
  parent = '',
  plugins = '',
}: { deps?: string; parent?: string; plugins?: string } = {}): string {
  return `<project xmlns="http://maven.apache.org/POM/4.0.0">\n  <modelVersion>4.0.0</modelVersion>\n${parent}  <groupId>com.example</groupId>\n  <artifactId>shop</artifactId>\n  <version>1.0.0</version>\n  <properties>\n    <maven.compiler.source>17</maven.compiler.source>\n    <maven.compiler.target>17</maven.compiler.target>\n    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>\n  </properties>\n  <dependencies>\n${deps}  </dependencies>\n${plugins}</project>\n`;
}
const JUNIT =
  '    <dependency><groupId>junit</groupId><artifactId>junit</artifactId><version>4.13.2</version><scope>test</scope></dependency>\n';
const CALC =
  'package com.example;\n\npublic class Calc {\n    public int add(int a, int b) {\n        return a - b;\n    }\n}\n';

function j(
  id: string,
  cmd: string,
  files: Files,
  pattern: string | null,
  category: string,
  ev: CorpusCase['ev'],
  { tool = 'javac 17.0.15', timeout = 240, ...kw }: Partial<CorpusCase> = {},
): CorpusCase {
  return { id, tool, cmd, files, pattern, category, ev, timeout, ...kw };
}

export const CASES: CorpusCase[] = [
  j(
    'jvm/javac-cannot-find-symbol',
    'javac -d out src/com/example/*.java',
    {
      'src/com/example/App.java':
        'package com.example;\n\npublic class App {\n    public static void main(String[] a) {\n        System.out.println(totl(3));\n    }\n}\n',
    },
    'build-error',
    'build',
    [/error: cannot find symbol/, /location:/],
    { locre: JLOC, wrapper: 'ci', note: 'javac cannot find symbol: build, not type' },
  ),
  j(
    'jvm/javac-incompatible-types',
    'javac -d out src/com/example/*.java',
    {
      'src/com/example/App.java':
        'package com.example;\n\npublic class App {\n    int port() {\n        String p = "80";\n        return p;\n    }\n}\n',
    },
    'type-error',
    'type',
    [/error: incompatible/, /\^/],
    { locre: JLOC, wrapper: 'raw' },
  ),
  j(
    'jvm/javac-missing-return-type',
    'javac -d out src/com/example/*.java',
    {
      'src/com/example/App.java':
        'package com.example;\n\npublic class App {\n    public run() {\n    }\n}\n',
    },
    'syntax-error',
    'syntax',
    [/error:/, /\^/],
    { locre: JLOC, wrapper: 'ci' },
  ),
  j(
    'jvm/javac-unreported-exception',
    'javac -d out src/com/example/*.java',
    {
      'src/com/example/App.java':
        'package com.example;\n\nimport java.nio.file.*;\n\npublic class App {\n    String read() {\n        return Files.readString(Path.of("a"));\n    }\n}\n',
    },
    'type-error',
    'type',
    [/error: unreported exception/, /\^/],
    { locre: JLOC, wrapper: 'ci', held: true },
  ),
  j(
    'jvm/maven-compile-cannot-find-symbol',
    `${MVN} -o compile`,
    {
      'pom.xml': pom(),
      'src/main/java/com/example/Calc.java': CALC.replaceAll('return a - b;', 'return a + offset;'),
    },
    'build-error',
    'build',
    [/COMPILATION ERROR/, /\[ERROR\] .*Calc.java.*symbol/],
    { locre: MLOC, wrapper: 'ci', tool: 'maven 3.8.7 / javac 17' },
  ),
  j(
    'jvm/maven-surefire-failure',
    `${MVN} -o test`,
    {
      'pom.xml': pom({ deps: JUNIT }),
      'src/main/java/com/example/Calc.java': CALC,
      'src/test/java/com/example/CalcTest.java':
        'package com.example;\n\nimport static org.junit.Assert.assertEquals;\nimport org.junit.Test;\n\npublic class CalcTest {\n    @Test\n    public void addsTwoNumbers() {\n        assertEquals(5, new Calc().add(2, 3));\n    }\n\n    @Test\n    public void tlsConnectTimeoutNameOnly() {\n        assertEquals(1, 1);\n    }\n}\n',
    },
    'test-failure',
    'test',
    [/<<< FAILURE!/, /CalcTest.addsTwoNumbers:\d+/],
    {
      locs: [['src/test/java/com/example/CalcTest.java', 9, null]],
      wrapper: 'ci',
      tool: 'maven 3.8.7 / surefire',
      note: 'surefire prints CalcTest.java:9 in a stack frame; the location a person gives is the test line. trap: a passing test named tlsConnectTimeout',
    },
  ),
  j(
    'jvm/maven-surefire-error-npe',
    `${MVN} -o test`,
    {
      'pom.xml': pom({ deps: JUNIT }),
      'src/main/java/com/example/Calc.java':
        'package com.example;\n\npublic class Calc {\n    public int len(String s) {\n        return s.length();\n    }\n}\n',
      'src/test/java/com/example/CalcTest.java':
        'package com.example;\n\nimport static org.junit.Assert.assertEquals;\nimport org.junit.Test;\n\npublic class CalcTest {\n    @Test\n    public void lenOfNull() {\n        assertEquals(0, new Calc().len(null));\n    }\n}\n',
    },
    'test-failure',
    'test',
    [/<<< ERROR!/, /CalcTest.lenOfNull/],
    {
      locs: [['src/test/java/com/example/CalcTest.java', 9, null]],
      wrapper: 'raw',
      tool: 'maven 3.8.7 / surefire',
      note: 'NullPointerException inside a test: a test failure',
    },
  ),
  j(
    'jvm/maven-dependency-unresolved',
    `${MVN} compile`,
    {
      'pom.xml': pom({
        deps: '    <dependency><groupId>com.google.guava</groupId><artifactId>guava</artifactId><version>33.0.0-jre</version></dependency>\n',
      }),
      'src/main/java/com/example/Calc.java': CALC,
    },
    'dependency-conflict',
    'dependency',
    /Could not resolve dependencies|Failed to execute goal|Could not transfer/,
    {
      wrapper: 'ci',
      tool: 'maven 3.8.7',
      timeout: 300,
      note: 'Maven Central is unreachable: a person says the dependency could not be resolved (network is the underlying cause)',
    },
  ),
  j(
    'jvm/maven-dependency-offline',
    `${MVN} -o compile`,
    {
      'pom.xml': pom({
        deps: '    <dependency><groupId>org.apache.commons</groupId><artifactId>commons-text</artifactId><version>1.99</version></dependency>\n',
      }),
      'src/main/java/com/example/Calc.java': CALC,
    },
    'dependency-conflict',
    'dependency',
    /Could not resolve dependencies|has not been downloaded|Failed to execute goal/,
    { wrapper: 'ci', tool: 'maven 3.8.7' },
  ),
  j(
    'jvm/maven-parent-unresolvable',
    `${MVN} -o validate`,
    {
      'pom.xml': pom({
        parent:
          '  <parent>\n    <groupId>org.springframework.boot</groupId>\n    <artifactId>spring-boot-starter-parent</artifactId>\n    <version>3.2.0</version>\n  </parent>\n',
      }),
    },
    'dependency-conflict',
    'dependency',
    /Non-resolvable parent POM|Could not find artifact|problems were encountered/,
    { wrapper: 'ci', tool: 'maven 3.8.7' },
  ),
  j(
    'jvm/maven-unparseable-pom',
    `${MVN} -o validate`,
    { 'pom.xml': pom().replace('</version>\n  <properties>', '</versio>\n  <properties>') },
    'config-error',
    'config',
    /Non-parseable POM|unparseable|problems were encountered|expected/,
    {
      locs: [['pom.xml', 5, 26]],
      wrapper: 'raw',
      tool: 'maven 3.8.7',
      note: 'maven prints the place as @ line 5, column 26 (relabelled 2026-11-25 from line 6)',
    },
  ),
  j(
    'jvm/maven-plugin-prefix-unresolved',
    `${MVN} -o jacoco:report`,
    { 'pom.xml': pom(), 'src/main/java/com/example/Calc.java': CALC },
    'dependency-conflict',
    'dependency',
    /No plugin found for prefix/,
    {
      wrapper: 'ci',
      tool: 'maven 3.8.7',
      held: true,
      note: 'the plugin cannot be resolved (offline, not in the local repository)',
    },
  ),
  j(
    'jvm/maven-missing-package',
    `${MVN} -o compile`,
    {
      'pom.xml': pom(),
      'src/main/java/com/example/Calc.java':
        'package com.example;\n\nimport org.slf4j.Logger;\n\npublic class Calc {\n    Logger log;\n}\n',
    },
    'import-not-found',
    'dependency',
    [/COMPILATION ERROR/, /package org.slf4j does not exist/],
    { locre: MLOC, wrapper: 'ci', tool: 'maven 3.8.7 / javac 17', held: true },
  ),
  j(
    'jvm/checkstyle-plain',
    'checkstyle -c /sun_checks.xml src/main/java/com/example/Calc.java',
    {
      'src/main/java/com/example/Calc.java':
        'package com.example;\nimport java.util.*;\npublic class Calc {\n  public int add(int a,int b){return a+b;}\n}\n',
    },
    'lint-error',
    'lint',
    /^\[(ERROR|WARN)\]/,
    {
      locre: /^\[(?:ERROR|WARN)\] (?<f>\/\S+\.java):(?<l>\d+):(?:(?<c>\d+):)?/,
      wrapper: 'ci',
      tool: 'checkstyle 8.36.1',
    },
  ),
  j(
    'jvm/ant-javac-failed',
    'ant -noinput build',
    {
      'build.xml':
        '<project name="shop" default="build">\n  <target name="build">\n    <mkdir dir="out"/>\n    <javac srcdir="src" destdir="out" includeantruntime="false"/>\n  </target>\n</project>\n',
      'src/com/example/App.java':
        'package com.example;\n\npublic class App {\n    int f() { return "x"; }\n}\n',
    },
    'type-error',
    'type',
    [/\[javac\] .*error:/, /BUILD FAILED/],
    { locre: /\[javac\] (?<f>\/\S+\.java):(?<l>\d+): error:/, wrapper: 'ci', tool: 'ant 1.10.13' },
  ),
  j(
    'jvm/ant-missing-target',
    'ant -noinput deploy',
    { 'build.xml': '<project name="shop" default="build">\n  <target name="build"/>\n</project>\n' },
    'config-error',
    'config',
    /BUILD FAILED|does not exist in the project/,
    { wrapper: 'raw', tool: 'ant 1.10.13', held: true },
  ),
  j(
    'jvm/gradle-could-not-resolve',
    'gradle --no-daemon --console=plain compileJava',
    {
      'build.gradle':
        "apply plugin: 'java'\nrepositories { mavenCentral() }\ndependencies { compile 'com.google.guava:guava:33.0.0-jre' }\n",
      'settings.gradle': "rootProject.name = 'shop'\n",
      'src/main/java/com/example/App.java': 'package com.example;\n\npublic class App {}\n',
    },
    'dependency-conflict',
    'dependency',
    [/What went wrong/, /Could not resolve com.google|Could not (GET|HEAD|resolve)/],
    {
      wrapper: 'ci',
      tool: 'gradle 4.4.1 (Debian)',
      timeout: 240,
      note: 'Maven Central unreachable: Could not resolve all dependencies (network is the underlying cause)',
    },
  ),
  j(
    'jvm/gradle-compile-error',
    'gradle --no-daemon --console=plain compileJava',
    {
      'build.gradle': "apply plugin: 'java'\n",
      'settings.gradle': "rootProject.name = 'shop'\n",
      'src/main/java/com/example/App.java':
        'package com.example;\n\npublic class App {\n    int f() { return missing(); }\n}\n',
    },
    'build-error',
    'build',
    [/error: cannot find symbol/, /location:/],
    {
      locs: [['src/main/java/com/example/App.java', 4, null]],
      wrapper: 'raw',
      tool: 'gradle 4.4.1 (Debian)',
      timeout: 240,
      note: 'gradle 4 prints its task name glued to the javac path (:compileJava/home/...)',
    },
  ),
];
