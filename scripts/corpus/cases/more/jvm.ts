// The `more` dev batch: jvm cases (read and tune on them freely).
import type { CorpusCase } from '../../generator/corpus-case.js';

const MVN = 'mvn -B -ntp -o -Dmaven.repo.local=/usr/share/maven-repo';
const POM = `<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>com.example</groupId><artifactId>shop</artifactId><version>1.0</version>
  <properties><maven.compiler.source>17</maven.compiler.source><maven.compiler.target>17</maven.compiler.target>
  <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding></properties>
  <build><plugins><plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-compiler-plugin</artifactId><version>3.10.1</version></plugin></plugins></build>
</project>
`;

export const CASES: CorpusCase[] = [
  {
    id: 'jvm/more-javac-missing-semicolon',
    tool: 'javac 17',
    cmd: 'javac -d out src/com/example/*.java',
    files: {
      'src/com/example/Main.java':
        'package com.example;\n\npublic class Main {\n    public static void main(String[] a) {\n        int x = 1\n        System.out.println(x);\n    }\n}\n',
    },
    pattern: 'syntax-error',
    category: 'syntax',
    ev: /error:/,
    locre: /^(?<f>src\/\S+\.java):(?<l>\d+): error/,
    wrapper: 'ci',
  },
  {
    id: 'jvm/more-javac-unreported-exception',
    tool: 'javac 17',
    cmd: 'javac -d out src/com/example/*.java',
    files: {
      'src/com/example/Io.java':
        'package com.example;\n\nimport java.nio.file.*;\n\npublic class Io {\n    static String read(Path p) {\n        return Files.readString(p);\n    }\n}\n',
    },
    pattern: 'type-error',
    category: 'type',
    ev: /error:/,
    locre: /^(?<f>src\/\S+\.java):(?<l>\d+): error/,
    wrapper: 'ci',
    note: 'a checked exception not declared: a compile-time type error',
  },
  {
    id: 'jvm/more-maven-compile-incompatible',
    tool: 'maven 3.8.7',
    cmd: `${MVN} compile`,
    files: {
      'pom.xml': POM,
      'src/main/java/com/example/Price.java':
        'package com.example;\n\npublic class Price {\n    public int cents() {\n        return "100";\n    }\n}\n',
    },
    pattern: 'type-error',
    category: 'type',
    ev: [/\[ERROR\] .*Price\.java/, /incompatible types/],
    locs: [['src/main/java/com/example/Price.java', 5, 16]],
    wrapper: 'ci',
  },
  {
    id: 'jvm/more-maven-compile-syntax',
    tool: 'maven 3.8.7',
    cmd: `${MVN} compile`,
    files: {
      'pom.xml': POM,
      'src/main/java/com/example/Cart.java':
        'package com.example;\n\npublic class Cart {\n    public int size() {\n        return 1\n    }\n}\n',
    },
    pattern: 'syntax-error',
    category: 'syntax',
    ev: [/\[ERROR\] .*Cart\.java/, /';' expected/],
    locs: [['src/main/java/com/example/Cart.java', 5, 17]],
    wrapper: 'ci',
  },
  {
    id: 'jvm/more-maven-no-pom',
    tool: 'maven 3.8.7',
    cmd: `${MVN} package`,
    files: { 'README.md': '# app\n' },
    pattern: 'config-error',
    category: 'config',
    ev: [
      /The goal you specified requires a project|there is no POM/,
      /there is no POM|MissingProjectException/,
    ],
    wrapper: 'ci',
    note: 'mvn run where there is no pom.xml: config',
  },
  {
    id: 'jvm/more-gradle-script-error',
    tool: 'gradle 4.4.1',
    cmd: 'gradle --offline -q build',
    files: { 'build.gradle': "apply plugin: 'java'\n\ndependencies {\n    implementation 'x:y:1'\n" },
    pattern: 'config-error',
    category: 'config',
    ev: [/What went wrong/, /unexpected|expecting|Could not compile build file/],
    locs: [['build.gradle', 5, null]],
    wrapper: 'ci',
    note: 'the build script does not compile: config',
  },
];
