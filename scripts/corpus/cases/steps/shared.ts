// Constants several multi-step probes share.
export const GO = {
  GOPROXY: 'off',
  GOFLAGS: '-mod=mod',
  GOCACHE: '/tmp/i12-gocache',
  HOME: '/root',
  GOPATH: '/tmp/i12-gopath',
};
export const GOMOD = 'module example.com/geo\n\ngo 1.19\n';
export const MVN = 'mvn -B -ntp -o -Dmaven.repo.local=/usr/share/maven-repo';
export const pom = (
  deps: string,
) => `<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion><groupId>com.acme</groupId><artifactId>shop</artifactId><version>1.0</version>
<properties><maven.compiler.source>17</maven.compiler.source><maven.compiler.target>17</maven.compiler.target><project.build.sourceEncoding>UTF-8</project.build.sourceEncoding></properties>
<dependencies>${deps}<dependency><groupId>junit</groupId><artifactId>junit</artifactId><version>4.13.2</version><scope>test</scope></dependency></dependencies>
<build><plugins><plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-surefire-plugin</artifactId><version>2.22.3</version></plugin><plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-compiler-plugin</artifactId><version>3.10.1</version><configuration><compilerArgs><arg>-Xlint:all</arg></compilerArgs></configuration></plugin></plugins></build></project>
`;
export const CMAKE =
  'cmake_minimum_required(VERSION 3.16)\nproject(geo C)\nset(CMAKE_C_FLAGS "${CMAKE_C_FLAGS} -Wall -Wextra")\n';
export const GCC_ERR =
  /^(?:\/home\/runner\/work\/app\/app\/)?(?<f>[\w/.]+\.(?:c|cpp|h)):(?<l>\d+):(?<c>\d+): (?:fatal )?error/;
export const NM = 'ln -s /tmp/probe-js/node_modules node_modules';

export const NM2 = 'ln -s /tmp/cjs/node_modules node_modules';
export const PM = '/tmp/pm2/node_modules/.bin';
export const STUB = 'http://127.0.0.1:8793';
export const RS = {
  CARGO_NET_OFFLINE: 'true',
  CARGO_TARGET_DIR: '/tmp/s-target3',
  CARGO_TERM_COLOR: 'never',
};
export const LOCK = `{
  "name": "shop",
  "version": "1.0.0",
  "lockfileVersion": 3,
  "requires": true,
  "packages": {
    "": {
      "name": "shop",
      "version": "1.0.0"
    }
  }
}
`;
