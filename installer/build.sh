#!/usr/bin/env bash
# Builds the installable console with jpackage (JDK 17+): an app-image with a jlinked runtime of only the JDK
# modules needed, a class-data-sharing archive for fast start, and on Linux a .deb. Run by `mvn -Pinstaller package`
# after the jar and target/lib exist. macOS (.dmg) and Windows (.msi) use installer/macos and installer/windows;
# they can only be built on those systems (see the README).
set -euo pipefail
cd "$(dirname "$0")/.."

version="${1:-0.1.0}"
out=target/installer
name=brain-console
rm -rf "$out"
mkdir -p "$out/input"
cp target/brain-console.jar "$out/input/"
cp -r target/lib "$out/input/lib"
# Class-data sharing skips classes of signed jars, and JDK 17 crashes dumping lambdas of skipped classes (JGit's jar
# is signed). The signature only proves where the jar came from — Maven Central checked that — so the installed
# copy drops it.
for jar in "$out"/input/lib/*.jar; do
  names="$(unzip -Z1 "$jar" 2>/dev/null || true)"   # no pipe into grep -q: pipefail would see SIGPIPE
  if grep -qE '^META-INF/[^/]+\.(SF|RSA|DSA|EC)$' <<< "$names"; then
    if command -v zip >/dev/null 2>&1; then
      zip -q -d "$jar" 'META-INF/*.SF' 'META-INF/*.RSA' 'META-INF/*.DSA' 'META-INF/*.EC' >/dev/null 2>&1 || true
    else
      echo "  zip is missing: $(basename "$jar") stays signed and start-up goes without class-data sharing"
    fi
  fi
done

# The embedding model's native libraries: onnxruntime's jar carries every platform's (with 300 MB of Windows debug
# symbols), DJL's tokenizers and JNA theirs too. The installer keeps only this machine's.
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) keep_ort=linux-x64; keep_djl=linux-x86_64; keep_jna=linux-x86-64 ;;
  Linux-aarch64) keep_ort=linux-aarch64; keep_djl=linux-aarch64; keep_jna=linux-aarch64 ;;
  Darwin-arm64) keep_ort=osx-aarch64; keep_djl=osx-aarch64; keep_jna=darwin-aarch64 ;;
  Darwin-x86_64) keep_ort=osx-x64; keep_djl=osx-x86_64; keep_jna=darwin-x86-64 ;;
  *) keep_ort=win-x64; keep_djl=win-x86_64; keep_jna=win32-x86-64 ;;
esac
strip_natives() { # jar, prefix of the per-platform folders, platform to keep
  local jar="$1" prefix="$2" keep="$3" drop
  drop="$(unzip -Z1 "$jar" | grep "^$prefix[^/]*/" | grep -v "^$prefix$keep/" \
    | grep -E '\.(so|dll|dylib|jnilib|a|pdb|lib)$|\.dSYM/' || true)"
  if [ -n "$drop" ] && command -v zip >/dev/null 2>&1; then
    printf '%s\n' "$drop" | zip -q -d "$jar" -@ >/dev/null
  fi
}
for jar in "$out"/input/lib/onnxruntime-*.jar; do [ -f "$jar" ] && strip_natives "$jar" ai/onnxruntime/native/ "$keep_ort"; done
for jar in "$out"/input/lib/tokenizers-*.jar; do [ -f "$jar" ] && strip_natives "$jar" native/lib/ "$keep_djl"; done
for jar in "$out"/input/lib/jna-[0-9]*.jar; do [ -f "$jar" ] && strip_natives "$jar" com/sun/jna/ "$keep_jna"; done
echo "embedding natives kept for $keep_ort: $(du -ch "$out"/input/lib/onnxruntime-*.jar "$out"/input/lib/tokenizers-*.jar | tail -1 | cut -f1)"

# JDK modules the app and its libraries use (JavaFX and the libraries stay on the class path, as in development).
modules=java.base,java.desktop,java.logging,java.management,java.naming,java.net.http,java.prefs,java.scripting
modules=$modules,java.security.jgss,java.sql,java.xml,jdk.crypto.ec,jdk.unsupported,jdk.zipfs,jdk.management,jdk.jfr,jdk.net   # jdk.net: the warm socket checks its peer is the same user

os="$(uname -s)"
icon=installer/linux/brain-console.png
case "$os" in
  Darwin) icon=installer/macos/brain-console.icns ;;   # make it with: iconutil -c icns (see installer/macos/README.md)
  MINGW*|MSYS*|CYGWIN*) icon=installer/windows/brain-console.ico ;;
esac
[ -f "$icon" ] || icon=installer/linux/brain-console.png

echo "jpackage: app-image"
# Memory options: G1, whose pauses stay short (a serial full collection at 100k documents held the window's thread
# 45-120 ms), made as frugal as the serial collector was (GCTimeRatio=1: collect more often rather than grow; free
# ratios 5-20%: the heap follows what is live), a 32 MB young generation, C1 only. Measured in README *Install*.
jpackage --type app-image --name "$name" --app-version "$version" \
  --vendor "Brain Console" --description "Operator's console for a self-learning agent system" \
  --input "$out/input" --main-jar brain-console.jar --main-class app.Main \
  --icon "$icon" --dest "$out" \
  --add-modules "$modules" \
  --jlink-options "--strip-debug --no-man-pages --no-header-files --generate-cds-archive" \
  --java-options "-XX:+UseG1GC" --java-options "-XX:GCTimeRatio=1" \
  --java-options "-Xss512k" --java-options "-Xms32m" --java-options "-Xmx512m" --java-options "-XX:MaxNewSize=32m" \
  --java-options "-XX:MinHeapFreeRatio=5" --java-options "-XX:MaxHeapFreeRatio=20" \
  --java-options "-XX:TieredStopAtLevel=1" --java-options "-XX:ReservedCodeCacheSize=64m" \
  --java-options "-Dprism.lcdtext=false"

image="$out/$name"
app="$image/lib/app"
launcher="$image/bin/$name"
[ -x "$launcher" ] || launcher="$image/Contents/MacOS/$name"

echo "class-data-sharing archive"
# A static AppCDS archive: the classes one start loads (recorded once, here), dumped into an archive for the
# class path the launcher uses. It names that class path absolutely, so the .deb ships only the class list and its
# postinst dumps the archive where the console is installed. Without an archive the console starts all the same.
cfg="$app/$name.cfg"
cp "$cfg" "$cfg.orig"
set_options() {
  grep -v -e 'SharedArchiveFile' -e 'Xshare' -e 'Xlog:cds' -e 'DumpLoadedClassList' "$cfg.orig" \
    | sed "s|^\\[JavaOptions\\]$|[JavaOptions]\\n$1|" > "$cfg"
}
set_options 'java-options=-XX:DumpLoadedClassList=$APPDIR/classes.lst'
home="$(mktemp -d)"
run() { JAVA_TOOL_OPTIONS="-Dbrainconsole.home=$home" "$@" >/dev/null 2>&1 || true; }
if [ -n "${DISPLAY:-}" ]; then
  run "$launcher" --demo --exit-after-start
elif command -v xvfb-run >/dev/null 2>&1; then
  run xvfb-run -a "$launcher" --demo --exit-after-start
else
  run "$launcher" demo "$home/demo"   # no display: the classes the commands use
fi
# The command line's classes too (a cold search loads Lucene's query side, picocli's CLI, the model's session):
# each run rewrites the list, so the lists are merged in order, without repeats.
if [ -f "$app/classes.lst" ]; then mv "$app/classes.lst" "$home/window.lst"; else : > "$home/window.lst"; fi
cli() { run env JAVA_TOOL_OPTIONS="-Dbrainconsole.home=$home -Dbrainconsole.noWarm=true" "$launcher" "$@"
  if [ -f "$app/classes.lst" ]; then mv "$app/classes.lst" "$home/cli-$(date +%s%N).lst"; fi; }
cli demo "$home/cli-demo"
cli sync --workspace "$home/cli-demo"
cli search retry backoff --workspace "$home/cli-demo"
cli search "why does the loop retry failed stories" --budget balanced --workspace "$home/cli-demo"
cli failed list --workspace "$home/cli-demo"
cat "$home/window.lst" "$home"/cli-*.lst 2>/dev/null | awk '/^#/ { next } !seen[$0]++' > "$app/classes.lst"
[ -s "$app/classes.lst" ] || rm -f "$app/classes.lst"
rm -rf "$home"
classpath() { grep '^app.classpath=' "$cfg.orig" | sed "s|^app.classpath=\\\$APPDIR|$1|" | paste -sd: -; }
if [ -f "$app/classes.lst" ] && "$image/lib/runtime/bin/java" -Xshare:dump -XX:SharedClassListFile="$app/classes.lst" \
     -XX:SharedArchiveFile="$app/$name.jsa" -cp "$(classpath "$(cd "$app" && pwd)")" >/dev/null 2>&1; then
  # JDK 17.0.15 maps the archive at a random address and relocates it (ArchiveRelocationMode=1): touching all of
  # its 60 MB costs more than a warm command's whole client. Mode 0 maps it where it was dumped (relocating only if
  # that address is taken) — what JDK 17 did before; the archive's metadata then sits at a fixed address.
  fixed=''
  if "$image/lib/runtime/bin/java" -XX:+UnlockDiagnosticVMOptions -XX:ArchiveRelocationMode=0 -version >/dev/null 2>&1; then
    fixed='\njava-options=-XX:+UnlockDiagnosticVMOptions\njava-options=-XX:ArchiveRelocationMode=0'
  fi
  set_options "java-options=-XX:SharedArchiveFile=\$APPDIR/brain-console.jsa\njava-options=-Xshare:auto\njava-options=-Xlog:cds=off\njava-options=-Xlog:cds+dynamic=off$fixed"
  echo "  $(wc -l < "$app/classes.lst") classes, $(du -h "$app/$name.jsa" | cut -f1) archive"
else
  cp "$cfg.orig" "$cfg"
  echo "  no archive; the console starts without it"
fi
rm -f "$cfg.orig"

# bin/brain-console-cli: the image's java with the launcher's options, class path and archive, started from a shell
# script. The native launcher reads its .cfg and loads libjli/libjvm through its own code path, which costs a
# command about 0.2 s (warm) to 0.3 s (cold) more in page faults than `java` itself; cron, scripts and agents run
# commands, so the .deb's /usr/bin/brain-console is this script. The desktop entry keeps the native launcher.
if [ -d "$image/bin" ] && [ -f "$cfg" ]; then   # Linux (macOS and Windows images have no bin/ folder)
  echo "command-line script"
  {
    printf '#!/bin/sh\n# Brain Console from a shell: the command line (and, without a subcommand, the window).\n'
    printf 'app="$(dirname "$(dirname "$(readlink -f "$0")")")/lib/app"\n'
    printf 'exec "$app/../runtime/bin/java"'
    grep '^java-options=' "$cfg" | sed 's|^java-options=||; s|\$APPDIR|$app|g' | while IFS= read -r option; do
      printf ' "%s"' "$option"
    done
    printf ' -cp "%s" app.Main "$@"\n' "$(grep '^app.classpath=' "$cfg" | sed 's|^app.classpath=||; s|\$APPDIR|$app|g' | paste -sd: -)"
  } > "$image/bin/$name-cli"
  chmod 755 "$image/bin/$name-cli"
fi

case "$os" in
  Darwin)
    echo "jpackage: .dmg"
    jpackage --type dmg --app-image "$image.app" --name "Brain Console" --app-version "$version" \
      --mac-package-name "Brain Console" --mac-package-identifier dev.brainconsole --dest "$out" || \
    jpackage --type dmg --app-image "$image" --name "Brain Console" --app-version "$version" \
      --mac-package-name "Brain Console" --mac-package-identifier dev.brainconsole --dest "$out"
    ;;
  MINGW*|MSYS*|CYGWIN*)
    echo "jpackage: .msi (needs the WiX Toolset 3 on the PATH)"
    jpackage --type msi --app-image "$image" --name "Brain Console" --app-version "$version" \
      --win-menu --win-shortcut --win-dir-chooser --win-per-user-install \
      --win-upgrade-uuid 7a4c2b9e-3f1d-4e6a-9b8c-2d5f0e1a7c34 --dest "$out"
    ;;
esac

# BC_APP_IMAGE_ONLY=1: only the app-image (for bench startup / bench cli), no .deb.
if [ "$os" = Linux ] && [ -z "${BC_APP_IMAGE_ONLY:-}" ] && command -v dpkg-deb >/dev/null 2>&1; then
  echo "jpackage: .deb"
  # The archive names this build's paths: the package's postinst dumps one for /opt/brain-console instead.
  [ -f "$app/$name.jsa" ] && mv "$app/$name.jsa" "$out/$name.jsa.image"
  jpackage --type deb --app-image "$image" --name "$name" --app-version "$version" \
    --vendor "Brain Console" --description "Operator's console for a self-learning agent system" \
    --linux-package-name "$name" --linux-package-deps "libgtk-3-0" --linux-shortcut \
    --linux-menu-group "Development" --linux-app-category devel --icon "$icon" \
    --resource-dir installer/linux --dest "$out"
  [ -f "$out/$name.jsa.image" ] && mv "$out/$name.jsa.image" "$app/$name.jsa"
fi
echo "done:"
ls -1 "$out" | grep -v '^input$' | sed 's/^/  /'
