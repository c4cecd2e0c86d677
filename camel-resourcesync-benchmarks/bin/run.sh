#!/usr/bin/env bash
# Runs a benchmark main class against this checkout's component, without installing anything:
#
#   camel-resourcesync-benchmarks/bin/run.sh [--build] CLASS [ARGS...]
#
# CLASS is a class of io.github.camelresourcesync.benchmarks (e.g. ContentBaseline). The first run, or --build,
# packages the component and the benchmarks (tests skipped, Maven offline when MAVEN_OFFLINE=1) and writes their class
# path to camel-resourcesync-benchmarks/target/cp.txt. JAVA_OPTS are passed to the JVM (forked JVMs use the same java).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
project=$(cd "$here/.." && pwd)
cp_file="$here/target/cp.txt"
if [ "${1:-}" = "--build" ] || [ ! -f "$cp_file" ]; then
  [ "${1:-}" = "--build" ] && shift
  built=1
  (cd "$project" && mvn -B -q ${MAVEN_OFFLINE:+-o} -pl camel-resourcesync-benchmarks -am package -DskipTests \
    dependency:build-classpath -Dmdep.outputFile=target/cp.txt)
fi
[ $# -ge 1 ] || { [ -n "${built:-}" ] && exit 0; sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
class=$1
shift
# the packaged jar, not target/classes: a class path of JAR files only is what an AOT cache (--aot) needs
jar=$(ls "$here"/target/camel-resourcesync-benchmarks-*.jar | grep -v -- '-sources\|-tests' | head -1)
exec java ${JAVA_OPTS:-} -cp "$jar:$(cat "$cp_file")" "io.github.camelresourcesync.benchmarks.$class" "$@"
