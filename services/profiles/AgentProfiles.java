package services.profiles;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import services.errors.ConsoleException;
import services.vault.FileText;

/**
 * Agent {@code .profile}s (formats.md part 12; seeds: disinto #97): {@code <profiles>/<agent>/.profile/} with
 * {@code knowledge/lessons-learned.md} (at most 2 KB, abstract — no issue numbers, no file paths) and
 * {@code journal/*.md} (undigested; digestion is due past 10) beside {@code journal/archive/}.
 */
public final class AgentProfiles {

    public static final int LESSONS_CAP_BYTES = 2048;
    public static final int DIGESTION_THRESHOLD = 10;

    private static final Pattern ISSUE = Pattern.compile("(#\\d+|\\b(issue|pr|pull request|ticket)\\s*#?\\d+)",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern PATH = Pattern.compile(
            "((?:~|\\.{1,2})?/[\\w.-]+(?:/[\\w.-]+)+|\\b[\\w.-]+/[\\w.-]+\\.(?:ts|js|sh|py|java|md|toml|json|ya?ml|rs|go|kt)\\b)");

    /** A line of lessons-learned.md that breaks the "abstract" rule. */
    public record Flag(int line, String text, String why) {
    }

    public record Journal(String name, String text, long modifiedMillis) {
    }

    public record Profile(String agent, Path dir, String lessons, int lessonsBytes, boolean overCap, List<Flag> flags,
                          List<Journal> journals, int archived, boolean digestionDue) {
    }

    public List<Profile> list(Path profilesDir) {
        if (!Files.isDirectory(profilesDir)) {
            return List.of();
        }
        List<Profile> out = new ArrayList<>();
        try (Stream<Path> agents = Files.list(profilesDir)) {
            for (Path agent : agents.sorted().toList()) {
                Path profile = agent.resolve(".profile");
                if (Files.isDirectory(profile)) {
                    out.add(read(agent.getFileName().toString(), profile));
                }
            }
        } catch (IOException e) {
            throw new ConsoleException("Cannot read agent profiles in " + profilesDir + ": "
                    + e.getMessage(), e);
        }
        return out;
    }

    Profile read(String agent, Path profile) throws IOException {
        Path lessonsFile = profile.resolve("knowledge/lessons-learned.md");
        byte[] bytes = Files.exists(lessonsFile) ? FileText.bounded(lessonsFile, FileText.LOG_LIMIT) : new byte[0];
        String lessons = new String(bytes, StandardCharsets.UTF_8);
        List<Journal> journals = new ArrayList<>();
        int archived = 0;
        Path journalDir = profile.resolve("journal");
        if (Files.isDirectory(journalDir)) {
            try (Stream<Path> files = Files.list(journalDir)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".md") && Files.isRegularFile(p)).toList()) {
                    journals.add(new Journal(f.getFileName().toString(), new String(FileText.bounded(f,
                            FileText.LOG_LIMIT), StandardCharsets.UTF_8),
                            Files.getLastModifiedTime(f).toMillis()));
                }
            }
            Path archive = journalDir.resolve("archive");
            if (Files.isDirectory(archive)) {
                try (Stream<Path> files = Files.list(archive)) {
                    archived = (int) files.filter(p -> p.toString().endsWith(".md")).count();
                }
            }
        }
        // newest first; on equal modification times (a copy, a checkout) the later name — journal names start with
        // their date — comes first too
        journals.sort(Comparator.comparingLong(Journal::modifiedMillis).reversed()
                .thenComparing(Journal::name, Comparator.reverseOrder()));
        return new Profile(agent, profile, lessons, bytes.length, bytes.length > LESSONS_CAP_BYTES, flags(lessons),
                journals, archived, journals.size() > DIGESTION_THRESHOLD);
    }

    /** Lines naming an issue number or a file path: lessons must be abstract and transferable. */
    static List<Flag> flags(String lessons) {
        List<Flag> out = new ArrayList<>();
        String[] lines = lessons.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            Matcher issue = ISSUE.matcher(lines[i]);
            Matcher path = PATH.matcher(lines[i]);
            if (issue.find()) {
                out.add(new Flag(i + 1, lines[i].strip(), "names an issue (" + issue.group(1).strip() + ")"));
            } else if (path.find()) {
                out.add(new Flag(i + 1, lines[i].strip(), "names a file path (" + path.group(1) + ")"));
            }
        }
        return out;
    }
}
