package reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import services.amendments.AmendmentsService;
import services.demo.DemoWorkspace;
import services.errors.ConsoleException;
import services.knowledge.LuceneKnowledgeIndex;
import services.review.ReviewService;
import services.scheduler.ScheduleSettings;
import services.sync.FileIssue;
import services.sync.SyncOptions;
import services.sync.SyncResult;
import services.sync.VaultSync;
import services.tasks.ProgressSink;
import services.watchdog.JsonlOtelEvents;
import services.watchdog.WatchdogSettings;
import services.workspace.Workspace;
import testsupport.Fixtures;

/**
 * The bad-input corpus (RELIABILITY.md lists every case): each case plants one bad file in a copy of the demo
 * workspace and runs what reads it. For each: no crash, exactly one new message, naming the file and the reason
 * (or, where the input is odd but valid, no message at all), nothing written outside {@code state/}, and the rest
 * of the run completes.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BadInputCorpusTest {

    @TempDir
    static Path tmp;

    private Path template;
    private Baseline baseline;

    /** What the untouched demo produces, to tell the case's message from the demo's own broken files. */
    private record Baseline(List<String> syncIssues, int indexed, Map<String, String> proposals, List<String> dreamProblems,
                            int amendments) {
    }

    @BeforeAll
    void template() throws Exception {
        template = Fixtures.demoAt(tmp.resolve("template"));
        Path copy = copy("baseline");
        SyncResult r = sync(copy);
        Workspace ws = Fixtures.loader().load(copy);
        Map<String, String> proposals = new TreeMap<>();
        new ReviewService(ws, Fixtures.CLOCK).list().forEach(i -> proposals.put(i.proposal().file().getFileName().toString(),
                String.valueOf(i.problem())));
        AmendmentsService.Listing l = new AmendmentsService(ws, Fixtures.CLOCK).list();
        baseline = new Baseline(issues(r), r.indexed(), proposals, l.problems(), l.amendments().size());
    }

    static Stream<Case> cases() {
        return BadInputCases.all().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void oneClearMessageNothingWrittenTheRestCompletes(Case c) throws Exception {
        Path ws = copy(c.id());
        c.plant().accept(ws);
        Map<String, String> planted = snapshot(ws);
        String message = switch (c.area()) {
            case VAULT -> vault(ws, c);
            case PROPOSAL -> proposal(ws, c);
            case DREAM_LOG -> dreamLog(ws);
            case WORKSPACE -> workspace(ws);
            case OTEL -> otel(ws, c);
        };
        if (c.expected().isEmpty()) {
            assertThat(message).as("accepted without a message").isNull();
        } else {
            assertThat(message).as("the one message").isNotNull().contains(c.expected());
        }
        assertThat(snapshot(ws)).as("nothing written outside state/").isEqualTo(planted);
    }

    private String vault(Path ws, Case c) throws IOException {
        SyncResult r = sync(ws);
        List<String> fresh = new ArrayList<>(issues(r));
        fresh.removeAll(baseline.syncIssues());
        assertThat(r.indexed()).as("the rest is indexed").isGreaterThan(baseline.indexed() - 10);
        assertThat(fresh).as("at most one new message").hasSizeLessThanOrEqualTo(1);
        if (fresh.isEmpty()) {
            return null;
        }
        assertThat(fresh.get(0)).as("it names the file").startsWith(c.file() + " | ");
        return fresh.get(0);
    }

    private String proposal(Path ws, Case c) {
        Workspace w = Fixtures.loader().load(ws);
        List<ReviewService.Item> items = new ReviewService(w, Fixtures.CLOCK).list();
        assertThat(items).as("every other proposal is still listed").hasSize(baseline.proposals().size() + 1);
        return items.stream().filter(i -> i.proposal().file().getFileName().toString().equals(c.file())).findFirst()
                .map(i -> i.proposal().file().getFileName() + " | " + i.problem()).orElseThrow();
    }

    private String dreamLog(Path ws) {
        AmendmentsService.Listing l = new AmendmentsService(Fixtures.loader().load(ws), Fixtures.CLOCK).list();
        List<String> fresh = new ArrayList<>(l.problems());
        fresh.removeAll(baseline.dreamProblems());
        assertThat(l.amendments()).as("every readable amendment is still listed").hasSize(baseline.amendments());
        assertThat(fresh).hasSizeLessThanOrEqualTo(1);
        return fresh.isEmpty() ? null : fresh.get(0);
    }

    private String workspace(Path ws) {
        try {
            Workspace w = Fixtures.loader().load(ws);
            List<String> problems = new ArrayList<>();
            w.problems().forEach(p -> problems.add(p.message()));
            problems.addAll(new ScheduleSettings(w).problems());
            problems.addAll(WatchdogSettings.of(w).problems());
            assertThat(problems).hasSizeLessThanOrEqualTo(1);
            return problems.isEmpty() ? null : problems.get(0);
        } catch (ConsoleException e) {
            return e.getMessage();
        }
    }

    private String otel(Path ws, Case c) {
        var w = new JsonlOtelEvents(ws.resolve("otel")).window(0, Long.MAX_VALUE);
        List<String> mine = w.problems().stream().filter(p -> p.startsWith(c.file())).toList();
        assertThat(mine).hasSizeLessThanOrEqualTo(1);
        assertThat(w.scanned()).as("the other events are read").isGreaterThan(0);
        return mine.isEmpty() ? null : mine.get(0);
    }

    private SyncResult sync(Path ws) {
        Workspace w = Fixtures.loader().load(ws);
        try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(w.indexDir(), 384)) {
            return new VaultSync(w, index, Fixtures.CLOCK).run(SyncOptions.all(), ProgressSink.NONE);
        }
    }

    private static List<String> issues(SyncResult r) {
        List<String> out = new ArrayList<>();
        for (FileIssue e : r.errors()) {
            out.add(e.path() + " | " + e.reason());
        }
        for (FileIssue w : r.warnings()) {
            out.add(w.path() + " | " + w.reason());
        }
        return out;
    }

    private Path copy(String name) throws IOException {
        Path target = tmp.resolve("cases").resolve(name);
        try (Stream<Path> walk = Files.walk(template)) {
            for (Path p : walk.toList()) {
                Path rel = template.relativize(p);
                if (rel.startsWith("state")) {
                    continue;
                }
                Path to = target.resolve(rel.toString());
                if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(p, to, LinkOption.NOFOLLOW_LINKS);
                }
            }
        }
        return target;
    }

    /** Every file outside state/ with a digest of its bytes (links: their target), without following links. */
    private static Map<String, String> snapshot(Path ws) throws Exception {
        Map<String, String> out = new TreeMap<>();
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        try (Stream<Path> walk = Files.walk(ws)) {
            for (Path p : walk.toList()) {
                String rel = ws.relativize(p).toString();
                if (rel.startsWith("state") || Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                    continue;
                }
                out.put(rel, Files.isSymbolicLink(p) ? "-> " + Files.readSymbolicLink(p)
                        : HexFormat.of().formatHex(sha.digest(Files.readAllBytes(p))));
            }
        }
        return out;
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
