package services.sync;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import services.vault.AdrParser;
import services.workspace.Workspace;

/** Lists the files a sync reads, each with the source key its documents carry. */
final class VaultFiles {

    /**
     * What a file is; {@code consoleOwn}: its documents are all of the console's own types (brain notes, Brain pages:
     * none of {@code RunningSystemTypes}), so an index shared with the running system gets none of
     * them — known for a file that cannot even be read.
     */
    enum Kind {
        ADR(false), SKILL(false), RETRO(false), BRAIN_NOTE(true), SKILL_DIR_WITHOUT_FILE(false),
        DANGLING_SYMLINK(false), BRAIN_PAGE(true);

        final boolean consoleOwn;

        Kind(boolean consoleOwn) {
            this.consoleOwn = consoleOwn;
        }
    }

    /**
     * @param firstOfNumber for an ADR whose number an earlier file (by name) already has: that file's display path
     *                      (this one is indexed as {@code adr:NNNN:<slug>}); else null
     */
    record SourceFile(Kind kind, Path path, String source, String display, String firstOfNumber) {
        SourceFile(Kind kind, Path path, String source, String display) {
            this(kind, path, source, display, null);
        }
    }

    private VaultFiles() {
    }

    static List<SourceFile> list(Workspace ws, SyncOptions.Scope scope) {
        List<SourceFile> out = new ArrayList<>();
        if (scope != SyncOptions.Scope.SKILLS) {
            Map<String, String> firstByNumber = new HashMap<>();
            for (Path p : children(ws.adrDir())) {
                String name = p.getFileName().toString();
                if (AdrParser.FILE_NAME.matcher(name).matches() && !Files.isDirectory(p)) {
                    String display = "docs/decisions/" + name;
                    String first = firstByNumber.putIfAbsent(name.substring(0, 4), display);
                    out.add(new SourceFile(Kind.ADR, p, "vault:docs/decisions/" + name, display, first));
                }
            }
        }
        if (scope != SyncOptions.Scope.ADRS) {
            for (Path dir : children(ws.skillsDir())) {
                String name = dir.getFileName().toString();
                if (name.startsWith(".")) {
                    continue;
                }
                if (Files.isSymbolicLink(dir) && !Files.exists(dir)) {
                    // a skill linked to a folder of another repository, missing on this machine: reported, not skipped
                    out.add(new SourceFile(Kind.DANGLING_SYMLINK, dir, "skills:" + name + "/SKILL.md", "skills/" + name));
                    continue;
                }
                if (!Files.isDirectory(dir)) {
                    continue;
                }
                Path skill = dir.resolve("SKILL.md");
                boolean present = Files.exists(skill, LinkOption.NOFOLLOW_LINKS);
                out.add(new SourceFile(present ? Kind.SKILL : Kind.SKILL_DIR_WITHOUT_FILE, present ? skill : dir,
                        "skills:" + name + "/SKILL.md", "skills/" + name + (present ? "/SKILL.md" : "/")));
            }
        }
        if (scope == SyncOptions.Scope.ALL) {
            markdown(ws.retrosDir(), Kind.RETRO, "system/retrospectives/", out);
            markdown(ws.brainNotesDir(), Kind.BRAIN_NOTE, "system/brain/codebase/", out);
            BrainFiles.list(ws.brain(), out);
        }
        return out;
    }

    /** Which source keys a scope owns, for deciding what a scoped sync may delete. */
    static boolean inScope(String source, SyncOptions.Scope scope) {
        return switch (scope) {
            case ALL -> true;
            case ADRS -> source.startsWith("vault:docs/decisions/");
            case SKILLS -> source.startsWith("skills:");
        };
    }

    private static void markdown(Path dir, Kind kind, String prefix, List<SourceFile> out) {
        for (Path p : children(dir)) {
            String name = p.getFileName().toString();
            if (name.endsWith(".md") && !Files.isDirectory(p)) {
                out.add(new SourceFile(kind, p, "vault:" + prefix + name, prefix + name));
            }
        }
    }

    private static List<Path> children(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.sorted(Comparator.comparing(p -> p.getFileName().toString())).toList();
        } catch (IOException e) {
            return List.of();
        }
    }
}
