package services.demo;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import services.vault.FileText;
import services.workspace.WorkspaceException;

/**
 * The marker of a demo folder, as a manifest: every file the demo wrote with its SHA-256. Writing the demo again
 * removes exactly those files (and the console's own {@code state/}, the event folders {@code otel/} and
 * {@code spool/}, and the demo repos' {@code .git/}), and only
 * when the folder holds nothing else: a file the demo did not write, or a demo file changed by hand, stops the
 * refresh before anything is deleted. A marker without a manifest (written by anyone) proves nothing.
 */
final class DemoManifest {

    static final String HEADER = "Written by 'brain-console demo'. Safe to delete with its folder. Files:";
    private static final long MAX_MARKER = 4L * 1024 * 1024;
    /** Where the console itself changes demo files while it is used (proposal decisions): no hash is checked. */
    private static final List<String> CHANGED_BY_THE_CONSOLE = List.of("dream/", "vault/system/brain/skill-proposals/");
    private static final List<String> GIT_REPOS = List.of("repos/joelclaw", "repos/behaviour");

    private DemoManifest() {
    }

    /** Records every file now in {@code dir} (outside {@code state/} and {@code .git/}) in the marker. */
    static void write(Path dir, Path marker) throws IOException {
        StringBuilder text = new StringBuilder(HEADER).append('\n');
        for (Path file : files(dir)) {
            String rel = rel(dir, file);
            if (!owned(rel) && !file.equals(marker)) {
                text.append(fingerprint(file)).append("  ").append(rel).append('\n');
            }
        }
        Files.writeString(marker, text.toString(), StandardCharsets.UTF_8);
    }

    /** Deletes the earlier demo in {@code dir}, or refuses (deleting nothing) when it holds anything else. */
    static void deleteEarlierDemo(Path dir, Path marker) throws IOException {
        Map<String, String> listed = read(dir, marker);
        List<String> foreign = new ArrayList<>();
        List<String> changed = new ArrayList<>();
        List<Path> files = files(dir);
        for (Path file : files) {
            String rel = rel(dir, file);
            if (file.equals(marker) || owned(rel)) {
                continue;
            }
            String hash = listed.get(rel);
            if (hash == null) {
                foreign.add(rel);
            } else if (CHANGED_BY_THE_CONSOLE.stream().noneMatch(rel::startsWith) && !hash.equals(fingerprint(file))) {
                changed.add(rel);
            }
        }
        if (!foreign.isEmpty() || !changed.isEmpty()) {
            throw new WorkspaceException("Cannot write the demo workspace: " + dir + " holds "
                    + (foreign.isEmpty() ? "" : "files the earlier demo did not write (" + names(foreign) + ")")
                    + (foreign.isEmpty() || changed.isEmpty() ? "" : " and ")
                    + (changed.isEmpty() ? "" : "demo files changed since (" + names(changed) + ")")
                    + ". Nothing was deleted: move them out, or choose an empty or new folder.");
        }
        for (Path file : files) { // deepest first: each folder is emptied before it is removed
            Files.delete(file);
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path d : walk.sorted(Comparator.reverseOrder()).toList()) {
                if (!d.equals(dir) && Files.isDirectory(d, LinkOption.NOFOLLOW_LINKS) && isEmpty(d)) {
                    Files.delete(d);
                }
            }
        }
    }

    /** A file's SHA-256; a link's is that of its target's name (the demo links a skill to a missing folder). */
    private static String fingerprint(Path file) throws IOException {
        if (Files.isSymbolicLink(file)) {
            return FileText.sha256(("link:" + Files.readSymbolicLink(file)).getBytes(StandardCharsets.UTF_8));
        }
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            return "special";
        }
        return FileText.sha256(FileText.bounded(file, 64L * 1024 * 1024));
    }

    private static Map<String, String> read(Path dir, Path marker) throws IOException {
        byte[] bytes;
        try {
            bytes = FileText.bounded(marker, MAX_MARKER);
        } catch (IOException e) {
            throw refuse(dir, "its marker " + marker.getFileName() + " cannot be read (" + e.getMessage() + ")");
        }
        List<String> lines = new String(bytes, StandardCharsets.UTF_8).lines().toList();
        if (lines.isEmpty() || !lines.get(0).equals(HEADER)) {
            throw refuse(dir, "its marker " + marker.getFileName() + " lists no files (an older demo, or not one)");
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            int gap = line.indexOf("  ");
            if (gap == 64) {
                out.put(line.substring(gap + 2), line.substring(0, gap));
            }
        }
        return out;
    }

    private static WorkspaceException refuse(Path dir, String why) {
        return new WorkspaceException("Cannot write the demo workspace: " + dir + " is marked as a demo, but " + why
                + ". Nothing was deleted: delete the folder yourself, or choose an empty or new folder.");
    }

    /** The console's own files: its state, the events it writes (turn notes), the git internals of the demo repos. */
    private static boolean owned(String rel) {
        return rel.startsWith("state/") || rel.startsWith("otel/") || rel.startsWith("spool/")
                || GIT_REPOS.stream().anyMatch(r -> rel.startsWith(r + "/.git/"));
    }

    /** Every file and link below {@code dir}, deepest first; a link is never followed. */
    private static List<Path> files(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(p -> !Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS))
                    .sorted(Comparator.reverseOrder()).toList();
        }
    }

    private static boolean isEmpty(Path d) throws IOException {
        try (Stream<Path> entries = Files.list(d)) {
            return entries.findAny().isEmpty();
        }
    }

    private static String rel(Path dir, Path file) {
        return dir.relativize(file).toString().replace('\\', '/');
    }

    private static String names(List<String> rels) {
        return String.join(", ", rels.stream().sorted().limit(5).toList()) + (rels.size() > 5 ? ", …" : "");
    }
}
