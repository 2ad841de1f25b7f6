package reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.errors.ConsoleException;
import services.knowledge.KnowledgeQuery;
import services.knowledge.LuceneKnowledgeIndex;
import services.sync.FileIssue;
import services.sync.SyncOptions;
import services.sync.SyncResult;
import services.sync.VaultSync;
import services.tasks.ProgressSink;
import services.vault.AdrParser;
import services.vault.FileText;
import services.vault.RetroParser;
import services.vault.SkillParser;
import services.workspace.Workspace;
import testsupport.Fixtures;

/**
 * Issue #25: generated ADRs, retros, brain notes and skills — random bytes, control characters, huge values, broken
 * frontmatter, special files (FIFOs, links to /dev/zero and out of the vault) — through the parsers and the sync
 * for a bounded time ({@code -Dfuzz.seconds}, default 20), seeded ({@code -Dfuzz.seed}; printed on failure). No
 * exception escapes, every bad file is reported by name, every good file lands, nothing outside the console's
 * state changes.
 */
class UntrustedFilesFuzzTest {

    @TempDir
    Path tmp;

    private enum Shape {
        GOOD(false), CONTROL_CHARS(false), JUNK_TEXT(false), NUL_BYTES(true), INVALID_UTF8(true), FIFO(true),
        DEV_ZERO(true), LINK_OUTSIDE(true), TOO_LARGE(true), HUGE_VALUE(true), UNCLOSED_FRONTMATTER(true);

        final boolean mustBeReported;

        Shape(boolean mustBeReported) {
            this.mustBeReported = mustBeReported;
        }
    }

    private enum Kind { ADR, RETRO, BRAIN_NOTE, SKILL }

    private record Made(Kind kind, Shape shape, String display, String id) {
    }

    @Test
    void generatedFilesNeverBreakTheParsersOrTheSync() throws Exception {
        long seed = Long.getLong("fuzz.seed", System.nanoTime());
        long seconds = Long.getLong("fuzz.seconds", 20);
        try {
            run(new Random(seed), Duration.ofSeconds(seconds));
        } catch (AssertionError | RuntimeException | IOException e) {
            throw new AssertionError("fuzz failed with -Dfuzz.seed=" + seed + ": " + e.getMessage(), e);
        }
    }

    private void run(Random random, Duration budget) throws Exception {
        Workspace ws = Fixtures.demo(tmp);
        Path outside = Files.createDirectories(tmp.resolve("outside"));
        Path secret = Files.writeString(outside.resolve("secret.txt"), "# Secret\nroot:$6$hash:19000:0:99999:7:::\n");
        long deadline = System.nanoTime() + budget.toNanos();
        int serial = 0;
        int rounds = 0;
        try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(ws.indexDir(), 384)) {
            VaultSync sync = new VaultSync(ws, index, Fixtures.CLOCK);
            sync.run(SyncOptions.all(), ProgressSink.NONE);
            while (System.nanoTime() < deadline || rounds == 0) {
                parsers(random, 40);
                Map<String, String> before = digest(tmp, ws.stateDir());
                List<Made> made = new ArrayList<>();
                for (int i = 0; i < 12; i++) {
                    made.add(make(ws, random, serial++, secret));
                }
                Map<String, String> afterMaking = digest(tmp, ws.stateDir());
                SyncResult result = Assertions.assertTimeoutPreemptively(Duration.ofSeconds(60),
                        () -> sync.run(SyncOptions.all(), ProgressSink.NONE));
                Map<String, String> errors = result.errors().stream()
                        .collect(Collectors.toMap(FileIssue::path, FileIssue::reason, (a, b) -> a));
                for (Made m : made) {
                    String what = m.shape() + " " + m.kind() + " " + m.display();
                    if (m.shape() == Shape.GOOD) {
                        assertThat(errors).as(what).doesNotContainKey(m.display());
                        assertThat(index.get(m.id())).as(what).isPresent();
                    } else if (m.shape().mustBeReported) {
                        assertThat(errors).as(what).containsKey(m.display());
                        assertThat(index.get(m.id())).as(what).isEmpty();
                    } else {
                        assertThat(errors.containsKey(m.display()) || index.get(m.id()).isPresent()).as(what).isTrue();
                    }
                }
                assertEquals(afterMaking, digest(tmp, ws.stateDir()), "the sync changed a file outside state/");
                assertThat(before.keySet()).allMatch(afterMaking::containsKey);
                assertThat(Files.readString(secret)).contains("root:$6$hash");
                assertThat(index.search(KnowledgeQuery.text("root hash", 20).matchingAny()).hits())
                        .noneMatch(h -> h.doc().content().contains("root:$6$hash"));
                rounds++;
            }
        }
        assertThat(rounds).isPositive();
    }

    /** Random text straight into the parsers: a typed refusal is fine, anything else escaping is a bug. */
    private static void parsers(Random random, int n) {
        for (int i = 0; i < n; i++) {
            String text = random.nextBoolean() ? junk(random, random.nextInt(400)) : frontmatter(random);
            try {
                switch (random.nextInt(4)) {
                    case 0 -> new AdrParser().parse("0001-x.md", text);
                    case 1 -> new SkillParser().parse("x", text);
                    case 2 -> new RetroParser().parseRetro("loop-x", text);
                    default -> new RetroParser().parseBrainNote("loop-x", text);
                }
            } catch (ConsoleException refused) {
                assertThat(refused.getMessage()).isNotBlank();
            }
        }
    }

    private Made make(Workspace ws, Random random, int serial, Path secret) throws Exception {
        Shape shape = Shape.values()[random.nextInt(Shape.values().length)];
        Kind kind = Kind.values()[random.nextInt(Kind.values().length)];
        String n = String.valueOf(5000 + serial);
        Path file;
        String display;
        String id;
        switch (kind) {
            case ADR -> {
                file = ws.adrDir().resolve(n + "-fuzz.md");
                display = "docs/decisions/" + n + "-fuzz.md";
                id = "adr:" + n;
            }
            case RETRO -> {
                file = ws.retrosDir().resolve("loop-fuzz" + n + ".md");
                display = "system/retrospectives/loop-fuzz" + n + ".md";
                id = "retro:loop-fuzz" + n;
            }
            case BRAIN_NOTE -> {
                file = ws.brainNotesDir().resolve("loop-fuzz" + n + ".md");
                display = "system/brain/codebase/loop-fuzz" + n + ".md";
                id = "brain:loop-fuzz" + n;
            }
            default -> {
                file = Files.createDirectories(ws.skillsDir().resolve("fuzz" + n)).resolve("SKILL.md");
                display = "skills/fuzz" + n + "/SKILL.md";
                id = "skill:fuzz" + n;
            }
        }
        String good = good(kind, n, random);
        switch (shape) {
            case GOOD -> Files.writeString(file, good);
            case CONTROL_CHARS -> Files.writeString(file, sprinkle(good, random));
            case JUNK_TEXT -> Files.writeString(file, junk(random, 1 + random.nextInt(2000)));
            case NUL_BYTES -> {
                byte[] bytes = new byte[1 + random.nextInt(4000)];
                random.nextBytes(bytes);
                bytes[random.nextInt(bytes.length)] = 0;
                Files.write(file, bytes);
            }
            case INVALID_UTF8 -> {
                byte[] text = good.getBytes(StandardCharsets.UTF_8);
                byte[] bytes = Arrays.copyOf(text, text.length + 2);
                bytes[text.length] = (byte) 0xC3;
                bytes[text.length + 1] = (byte) 0x28;
                Files.write(file, bytes);
            }
            case FIFO -> assertEquals(0, new ProcessBuilder("mkfifo", file.toString()).start().waitFor());
            case DEV_ZERO -> Files.createSymbolicLink(file, Path.of("/dev/zero"));
            case LINK_OUTSIDE -> Files.createSymbolicLink(file, secret);
            case TOO_LARGE -> Files.writeString(file, good + "x".repeat((int) FileText.DEFAULT_LIMIT + 1));
            case HUGE_VALUE -> Files.writeString(file, hugeValue(kind, n, random));
            case UNCLOSED_FRONTMATTER -> Files.writeString(file, "---\nname: fuzz" + n + "\ndescription: never closed\n"
                    + "title: x\n\n# Body\n");
            default -> throw new IllegalStateException();
        }
        return new Made(kind, shape, display, id);
    }

    private static String good(Kind kind, String n, Random random) {
        String words = words(random, 5 + random.nextInt(30));
        return switch (kind) {
            case ADR -> "---\nstatus: accepted\ndate: 2026-10-01\ntags: [fuzz]\n---\n# ADR-" + n + ": Fuzz " + words(random, 3)
                    + "\n\n## Decision\n" + words + "\n";
            case RETRO -> "---\nloopId: loop-fuzz" + n + "\nproject: \"fuzz\"\ndate: 2026-10-01\nstoriesCompleted: 1\n"
                    + "storiesFailed: 0\nstoriesSkipped: 0\n---\n# Loop loop-fuzz" + n + "\n\n## Summary\n" + words + "\n";
            case BRAIN_NOTE -> "---\ntype: retro\nloop_id: loop-fuzz" + n + "\nproject: \"fuzz\"\ndate: 2026-10-01\n"
                    + "stories_completed: 1\nstories_failed: 0\nstories_skipped: 0\n---\n# Loop loop-fuzz" + n
                    + "\n\n## Summary\n" + words + "\n\n## Lessons\n- " + words(random, 8) + "\n";
            case SKILL -> "---\nname: fuzz" + n + "\ndescription: " + words(random, 6) + "\n---\n# Fuzz\n\n" + words + "\n";
        };
    }

    private static String hugeValue(Kind kind, String n, Random random) {
        String huge = "v".repeat(9_000 + random.nextInt(20_000));
        return switch (kind) {
            case ADR -> "---\nstatus: accepted\ntags: [" + huge + "]\n---\n# ADR-" + n + ": Huge tag\n\nBody.\n";
            case RETRO -> "---\nloopId: loop-fuzz" + n + "\nproject: \"" + huge + "\"\ndate: 2026-10-01\n"
                    + "storiesCompleted: 1\nstoriesFailed: 0\nstoriesSkipped: 0\n---\n# Loop\n\n## Summary\nx\n";
            case BRAIN_NOTE -> "---\ntype: retro\nloop_id: loop-fuzz" + n + "\nproject: \"" + huge + "\"\ndate: 2026-10-01\n"
                    + "---\n# Loop\n\n## Summary\nx\n";
            // A skill's own values are bounded by its folder name; its huge value is a description past the file limit.
            case SKILL -> "---\nname: fuzz" + n + "\ndescription: " + "d".repeat((int) FileText.DEFAULT_LIMIT) + "\n---\n";
        };
    }

    private static String sprinkle(String text, Random random) {
        StringBuilder out = new StringBuilder(text);
        for (int i = 0; i < 1 + random.nextInt(8); i++) {
            int at = random.nextInt(out.length() + 1);
            out.insert(at, (char) (random.nextBoolean() ? 1 + random.nextInt(31) : 0x7F + random.nextInt(33)));
        }
        return out.toString().replace('\0', ' ');
    }

    private static String junk(Random random, int length) {
        String alphabet = "---\n:[]{}#*|>&!%@`'\"\\ \tabcXYZ0123456789\r\u00e9\u202E\u0007\u001b";
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < length; i++) {
            out.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return out.toString();
    }

    private static String frontmatter(Random random) {
        return "---\n" + junk(random, random.nextInt(200)) + "\n---\n" + junk(random, random.nextInt(200));
    }

    private static String words(Random random, int n) {
        String[] pool = {"retry", "idempotent", "gateway", "review", "branch", "loop", "lesson", "story", "vault"};
        return Stream.generate(() -> pool[random.nextInt(pool.length)]).limit(n).collect(Collectors.joining(" "));
    }

    /** Every file and link below {@code root} except {@code skip}, by content hash (links by target, not followed). */
    private static Map<String, String> digest(Path root, Path skip) throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.filter(p -> !p.startsWith(skip)).toList()) {
                String rel = root.relativize(p).toString();
                if (Files.isSymbolicLink(p)) {
                    out.put(rel, "link:" + Files.readSymbolicLink(p));
                } else if (Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
                    out.put(rel, FileText.sha256(Files.readAllBytes(p)));
                } else if (!Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                    out.put(rel, "special");
                }
            }
        }
        return out;
    }

    static Map<String, String> unused() {
        return new LinkedHashMap<>();
    }
}
