#!/usr/bin/env bash
# Makes target/brain-console.jsa: a class-data-sharing archive for `java -jar target/brain-console.jar`, so the JVM
# maps the ~7,600 classes a start loads instead of reading and verifying them from the jars (the installed
# launcher gets the same archive at install time). Run after `mvn -DskipTests package`; then start with
#   java -XX:SharedArchiveFile=target/brain-console.jsa -Xlog:cds=off -jar target/brain-console.jar --demo
# The archive belongs to this JDK and this build: make it again after either changes (a stale one is ignored).
set -euo pipefail
cd "$(dirname "$0")/.."
jar=target/brain-console.jar
[ -f "$jar" ] || { echo "No $jar: run 'mvn -DskipTests package' first." >&2; exit 2; }
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
# one start of the window on a throw-away demo, recording the classes it loads
start=(java -XX:DumpLoadedClassList="$home/classes.lst" -Dbrainconsole.home="$home" -jar "$jar" --demo
  --exit-after-start)
if [ -n "${DISPLAY:-}" ]; then "${start[@]}" >/dev/null 2>&1
elif command -v xvfb-run >/dev/null 2>&1; then xvfb-run -a "${start[@]}" >/dev/null 2>&1
else java -XX:DumpLoadedClassList="$home/classes.lst" -Dbrainconsole.home="$home" -jar "$jar" demo "$home/demo" \
  >/dev/null 2>&1; fi
# JDK 17.0.15 crashes dumping the lambda proxies of a recorded list: they are left out (classes only)
grep -v '^@lambda-' "$home/classes.lst" > "$home/classes-only.lst"
rm -f target/brain-console.jsa
java -Xshare:dump -XX:SharedClassListFile="$home/classes-only.lst" -XX:SharedArchiveFile=target/brain-console.jsa \
  -cp "$jar" >/dev/null 2>&1
echo "target/brain-console.jsa: $(wc -l < "$home/classes-only.lst") classes, $(du -h target/brain-console.jsa | cut -f1)"
echo "Start with: java -XX:SharedArchiveFile=target/brain-console.jsa -Xlog:cds=off -jar $jar --demo"
