package architecture;

import static org.assertj.core.api.Assertions.assertThat;

import app.cli.RootCommand;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import services.watchdog.WatchdogCheck;
import services.watchdog.Watchdogs;

/**
 * The documentation agrees with the code: the README stays a front door, every relative link in the README and
 * docs/ leads to a file (and a heading, when it names one), and the window's sections, the commands and the
 * watchdog's checks the docs list are exactly the code's, and every test they cite as proof exists.
 */
class DocsTest {

    private static final Path ROOT = Path.of("").toAbsolutePath();
    /** A markdown link or image, {@code [text](target)}, or an HTML {@code src} / {@code href}. */
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)|(?:src|href)=\"([^\"]+)\"");
    private static final Pattern HEADING = Pattern.compile("^#{1,6} (.+)$");
    /** {@code `SomeTest`}, {@code `SomeTest.aMethod`} or {@code `SomeTest.aMethodPrefix…`}, in backticks. */
    private static final Pattern CITED_TEST =
            Pattern.compile("`([A-Z][A-Za-z0-9]*Test)(?:[.#]([a-z][A-Za-z0-9_]*)(…)?)?[`\\[]");
    private static final Pattern SECTION = Pattern.compile("new Section\\(\"([a-z-]+)\", \"([^\"]+)\"");

    @Test
    void theReadmeFitsOnAFewScreens() throws IOException {
        assertThat(lines(ROOT.resolve("README.md"))).as("README.md lines").hasSizeLessThanOrEqualTo(300);
    }

    @Test
    void everyRelativeLinkLeadsToAFileAndHeading() throws IOException {
        List<String> broken = new ArrayList<>();
        for (Path doc : docs()) {
            for (String target : links(doc)) {
                if (target.matches("^[a-z][a-z0-9+.-]*:.*")) {
                    continue; // https:, mailto: — not ours to check
                }
                int hash = target.indexOf('#');
                String file = hash < 0 ? target : target.substring(0, hash);
                String anchor = hash < 0 ? null : target.substring(hash + 1);
                Path to = file.isEmpty() ? doc : doc.getParent().resolve(file).normalize();
                if (!Files.exists(to)) {
                    broken.add(ROOT.relativize(doc) + ": " + target + " (no such file)");
                } else if (anchor != null && to.toString().endsWith(".md") && !anchors(to).contains(anchor)) {
                    broken.add(ROOT.relativize(doc) + ": " + target + " (no such heading)");
                }
            }
        }
        assertThat(broken).as("broken links").isEmpty();
    }

    @Test
    void theWindowsSectionsAreTheOnesTheDocsList() throws IOException {
        Map<String, String> sections = new LinkedHashMap<>();
        Matcher m = SECTION.matcher(Files.readString(ROOT.resolve("app/window/Sections.java")));
        while (m.find()) {
            sections.put(m.group(1), m.group(2));
        }
        assertThat(sections).as("sections found in Sections.java").isNotEmpty();
        List<String> titles = List.copyOf(sections.values());

        List<String> guide = headings(ROOT.resolve("docs/guide/window.md"), 2);
        assertThat(guide).as("docs/guide/window.md has a heading per section, in the rail's order")
                .containsSubsequence(titles);

        List<String> readme = tableFirstCells(ROOT.resolve("README.md"), "| section |");
        assertThat(readme).as("the README's table of sections").containsExactlyElementsOf(titles);
        assertThat(Files.readString(ROOT.resolve("README.md")))
                .as("the README counts the sections in words")
                .contains(capitalized(words(titles.size())) + " sections");
    }

    @Test
    void everyCommandIsInTheReadmeAndHasItsOwnHeadingInTheGuide() throws IOException {
        CommandLine root = RootCommand.commandLine();
        List<String> commands = root.getSubcommands().keySet().stream().filter(n -> !n.equals("help")).toList();
        assertThat(commands).as("RootCommand's subcommands").isNotEmpty();

        List<String> guide = headings(ROOT.resolve("docs/guide/cli.md"), 2);
        assertThat(guide).as("docs/guide/cli.md: one heading per command")
                .containsExactlyInAnyOrderElementsOf(commands.stream().map(c -> "`" + c + "`").toList());

        List<String> readme = tableFirstCells(ROOT.resolve("README.md"), "| command |").stream()
                .map(cell -> cell.replaceAll("^`([a-z-]+).*", "$1")).toList();
        assertThat(readme).as("the README's command table").containsExactlyInAnyOrderElementsOf(commands);

        String cli = Files.readString(ROOT.resolve("docs/guide/cli.md"));
        List<String> missing = new ArrayList<>();
        root.getSubcommands().forEach((name, command) -> command.getSubcommands().keySet().stream()
                .filter(sub -> !sub.equals("help"))
                .filter(sub -> !cli.contains("`" + name + " " + sub))
                .forEach(sub -> missing.add(name + " " + sub)));
        assertThat(missing).as("subcommands docs/guide/cli.md does not show").isEmpty();
    }

    @Test
    void theWatchdogsChecksAreTheOnesTheGuideLists() throws IOException {
        List<String> checks = Watchdogs.checks(null, null, null).stream().map(WatchdogCheck::name).toList();
        List<String> guide = tableFirstCells(ROOT.resolve("docs/guide/scheduler-watchdog.md"), "| check |");
        assertThat(guide).as("the watchdog's table in docs/guide/scheduler-watchdog.md")
                .containsExactlyElementsOf(checks.stream().map(c -> "`" + c + "`").toList());
        assertThat(Files.readString(ROOT.resolve("docs/guide/scheduler-watchdog.md")))
                .as("the guide counts the checks in words")
                .contains("has " + words(checks.size()) + " checks");
    }

    @Test
    void everyTestTheDocsCiteExists() throws IOException {
        Map<String, String> tests = new LinkedHashMap<>();
        try (Stream<Path> files = Files.walk(ROOT.resolve("src/test/java"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                tests.put(f.getFileName().toString().replace(".java", ""), Files.readString(f));
            }
        }
        List<String> missing = new ArrayList<>();
        for (Path doc : docs()) {
            Matcher m = CITED_TEST.matcher(Files.readString(doc));
            while (m.find()) {
                String source = tests.get(m.group(1));
                String method = m.group(2);
                boolean prefix = m.group(3) != null;
                if (source == null) {
                    missing.add(ROOT.relativize(doc) + ": " + m.group(1));
                } else if (method != null && !source.contains("void " + method + (prefix ? "" : "("))) {
                    missing.add(ROOT.relativize(doc) + ": " + m.group(1) + "." + method + (prefix ? "…" : ""));
                }
            }
        }
        assertThat(missing).as("tests the docs cite that do not exist").isEmpty();
    }

    private static List<Path> docs() throws IOException {
        List<Path> docs = new ArrayList<>(List.of(ROOT.resolve("README.md"), ROOT.resolve("RELIABILITY.md"),
                ROOT.resolve("CHANGELOG.md")));
        try (Stream<Path> files = Files.walk(ROOT.resolve("docs"))) {
            files.filter(p -> p.toString().endsWith(".md")).sorted().forEach(docs::add);
        }
        return docs;
    }

    /** Link targets outside fenced code blocks. */
    private static List<String> links(Path doc) throws IOException {
        List<String> targets = new ArrayList<>();
        StringBuilder prose = new StringBuilder();
        boolean fenced = false;
        for (String line : lines(doc)) {
            if (line.stripLeading().startsWith("```")) {
                fenced = !fenced;
            } else if (!fenced) {
                prose.append(line).append('\n');
            }
        }
        Matcher m = LINK.matcher(prose);
        while (m.find()) {
            targets.add(m.group(1) != null ? m.group(1) : m.group(2));
        }
        return targets;
    }

    /** GitHub's anchors for a file's headings: lower case, punctuation dropped, spaces as hyphens. */
    private static List<String> anchors(Path doc) throws IOException {
        return headings(doc, 0).stream().map(DocsTest::slug).toList();
    }

    static String slug(String heading) {
        return heading.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
    }

    /** The headings of one level (0: every level), outside fenced code blocks. */
    private static List<String> headings(Path doc, int level) throws IOException {
        List<String> found = new ArrayList<>();
        boolean fenced = false;
        for (String line : lines(doc)) {
            if (line.stripLeading().startsWith("```")) {
                fenced = !fenced;
                continue;
            }
            Matcher m = HEADING.matcher(line);
            if (!fenced && m.matches() && (level == 0 || line.startsWith("#".repeat(level) + " "))) {
                found.add(m.group(1).strip());
            }
        }
        return found;
    }

    /** The first cell of each row of the table whose header starts with {@code header}, without bold marks. */
    private static List<String> tableFirstCells(Path doc, String header) throws IOException {
        List<String> cells = new ArrayList<>();
        List<String> lines = lines(doc);
        int start = -1;
        for (int i = 0; i < lines.size() && start < 0; i++) {
            if (lines.get(i).startsWith(header)) {
                start = i + 2;
            }
        }
        assertThat(start).as(ROOT.relativize(doc) + " has a table headed " + header).isPositive();
        for (int i = start; i < lines.size() && lines.get(i).startsWith("|"); i++) {
            cells.add(lines.get(i).substring(1).split(" \\| ", 2)[0].strip().replace("**", ""));
        }
        return cells;
    }

    private static List<String> lines(Path doc) throws IOException {
        return Files.readAllLines(doc, StandardCharsets.UTF_8);
    }

    private static String words(int n) {
        String[] words = {"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
                "twenty"};
        return n < words.length ? words[n] : Integer.toString(n);
    }

    private static String capitalized(String word) {
        return Character.toUpperCase(word.charAt(0)) + word.substring(1);
    }
}
