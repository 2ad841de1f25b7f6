package app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToIntFunction;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The review commands' wording and exit codes on the demo workspace. */
class ProposalsCommandTest {

    @TempDir
    Path tmp;

    private String ws;

    @BeforeEach
    void demo() {
        ws = tmp.resolve("demo").toString();
        assertEquals(0, DemoCommandTest.run("demo", ws).code());
    }

    @Test
    void anUnknownStatusIsAUsageErrorNamingTheAllowedValues() {
        DemoCommandTest.Run run = DemoCommandTest.run("proposals", "list", "--status", "bogus", "--workspace", ws);
        assertEquals(2, run.code());
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).contains("\"bogus\" is not a proposal status")
                .contains("pending, approved, rejected, changes_requested, superseded, reverted, invalid");
        DemoCommandTest.Run amendments = DemoCommandTest.run("amendments", "list", "--status", "Applied",
                "--workspace", ws);
        assertEquals(2, amendments.code());
        assertThat(amendments.err()).contains("applied, reverted, missing");
        assertEquals(0, DemoCommandTest.run("amendments", "list", "--status", "missing", "--workspace", ws).code());
    }

    /**
     * {@code proposals list} is the window's queue: its order (pending, those that can be approved before the
     * blocked and conflicting ones, then changes requested, invalid, decided), its states and its words.
     */
    @Test
    void theListIsTheWindowsQueueInOrderStatesAndWords() throws Exception {
        DemoCommandTest.Run run = DemoCommandTest.run("proposals", "list", "--workspace", ws);
        assertEquals(0, run.code(), run.err());
        List<String> rows = run.out().lines().skip(1).map(String::strip).toList();
        List<String> states = List.of("pending", "stale · merges", "conflict", "blocked",
                "changes requested", "invalid", "approved", "rejected", "superseded", "reverted");
        List<String> stateOf = rows.stream().map(r -> states.stream()
                .filter(st -> r.split("\\s+", 2)[1].startsWith(st + " ")).findFirst().orElse("?")).toList();
        assertThat(stateOf).as("each row's state, as the window says it: %s", run.out()).doesNotContain("?")
                .contains("conflict", "blocked", "invalid", "stale · merges");
        ToIntFunction<String> rank = st -> switch (st) {
            case "pending", "stale · merges" -> 0;
            case "conflict", "blocked" -> 1;
            case "changes requested" -> 2;
            case "invalid" -> 3;
            default -> 4;
        };
        assertThat(stateOf.stream().mapToInt(rank).boxed().toList()).as("the queue's order: %s", run.out()).isSorted();
        assertThat(run.out()).doesNotContain("INVALID").contains("dream · SOUL amendment").contains("dream · new rule");
        assertThat(rows).filteredOn(r -> !r.contains(" invalid ")).as("kinds in words, not codes")
                .noneMatch(r -> r.contains("AMEND_") || r.contains("PROPOSE_"));
        assertThat(rows.stream().filter(r -> r.startsWith("sp-2026-11-14-gateway-ops-04")).findFirst().orElseThrow())
                .contains(" conflict ").contains("conflicts with it");
        // --json keeps its fields, in the same order, with the window's state and words beside them
        JsonNode json = new ObjectMapper().readTree(DemoCommandTest.run("proposals", "list", "--workspace", ws,
                "--json").out());
        assertThat(json.findValuesAsText("id")).containsExactlyElementsOf(rows.stream().map(r -> r.split("\\s+")[0])
                .toList());
        JsonNode soul = StreamSupport.stream(json.spliterator(), false)
                .filter(n -> n.get("id").asText().equals("dream-2026-11-20-02")).findFirst().orElseThrow();
        assertEquals("AMEND_SOUL", soul.get("kind").asText());
        assertEquals("dream · AMEND_SOUL", soul.get("group").asText());
        assertEquals("pending", soul.get("status").asText());
        assertEquals("dream · SOUL amendment", soul.get("groupWords").asText());
        assertEquals("pending", soul.get("state").asText());
    }

    /** Walk 2: {@code show} said "null on null (pending, risk null)" for a proposal the list and the window call invalid. */
    @Test
    void showSaysTheWindowsStateAndWordsNeverNull() throws Exception {
        Map<String, String> firstTwo = new LinkedHashMap<>();
        for (String id : List.of("dream-2026-11-20-05", "dream-2026-11-20-06", "dream-2026-11-20-04",
                "sp-2026-11-18-loop-nanny-01", "dream-2026-11-20-03")) {
            DemoCommandTest.Run show = DemoCommandTest.run("proposals", "show", id, "--no-similar", "--workspace", ws);
            assertEquals(0, show.code(), show.err());
            firstTwo.put(id, show.out().lines().limit(2).collect(Collectors.joining("\n")));
            assertThat(show.out()).doesNotContain("null");
        }
        assertThat(firstTwo.get("dream-2026-11-20-05")).isEqualTo("dream-2026-11-20-05\ninvalid");
        assertThat(firstTwo.get("dream-2026-11-20-06")).isEqualTo("dream-2026-11-20-06 — SOUL.md\n"
                + "invalid · kind REWRITE_EVERYTHING · risk medium");
        assertThat(firstTwo.get("dream-2026-11-20-04")).isEqualTo("dream-2026-11-20-04 — ../../etc/passwd\n"
                + "blocked · dream · skill amendment · risk medium");
        assertThat(firstTwo.get("sp-2026-11-18-loop-nanny-01")).endsWith("\npending · skill update · additive · risk low");
        assertThat(firstTwo.get("dream-2026-11-20-03")).endsWith("\npending · dream · new rule · risk medium");
        // the list says the same state for each
        String list = DemoCommandTest.run("proposals", "list", "--workspace", ws).out();
        assertThat(list.lines().filter(l -> l.contains("dream-2026-11-20-04 "))).singleElement().asString()
                .contains("blocked");
        assertThat(list.lines().filter(l -> l.contains("dream-2026-11-20-06 "))).singleElement().asString()
                .contains("invalid");
        JsonNode json = new ObjectMapper().readTree(DemoCommandTest.run("proposals", "show", "dream-2026-11-20-04",
                "--no-similar", "--json", "--workspace", ws).out());
        assertEquals("blocked", json.get("state").asText());
        assertEquals("dream · skill amendment", json.get("groupWords").asText());
        assertEquals("AMEND_SKILL", json.get("kind").asText()); // --json keeps its codes
    }

    @Test
    void countsAreWordedInTheirNumber() {
        DemoCommandTest.Run one = DemoCommandTest.run("proposals", "list", "--status", "rejected", "--workspace", ws);
        assertEquals(0, one.code(), one.err());
        assertThat(one.out()).startsWith("1 proposal\n");
        DemoCommandTest.Run none = DemoCommandTest.run("proposals", "list", "--status", "superseded", "--workspace", ws);
        assertThat(none.out()).startsWith("0 proposals");
    }

    @Test
    void decisionsDefaultToTheWorkspaceReviewerAndShowTheirRecord() throws Exception {
        DemoCommandTest.Run approve = DemoCommandTest.run("proposals", "approve", "dream-2026-11-20-02", "--workspace", ws);
        assertEquals(0, approve.code(), approve.err());
        assertThat(approve.out()).startsWith("Approved dream-2026-11-20-02: committed ");

        DemoCommandTest.Run show = DemoCommandTest.run("proposals", "show", "dream-2026-11-20-02", "--workspace", ws);
        assertEquals(0, show.code(), show.err());
        assertThat(show.out()).contains("decided: approved by joel at ").contains("commit: ").contains(" on brain/review")
                .contains("the change as committed:").contains("+- Push back when a plan has a risk nobody named")
                .doesNotContain("No diff");
        JsonNode json = new ObjectMapper().readTree(DemoCommandTest.run("proposals", "show", "dream-2026-11-20-02",
                "--json", "--workspace", ws).out());
        assertEquals("joel", json.path("decision").path("by").asText());
        assertThat(json.path("decision").path("commit").asText()).hasSize(40);
        assertThat(json.path("decision").path("diffAsCommitted").asBoolean()).isTrue();

        DemoCommandTest.Run rejected = DemoCommandTest.run("proposals", "show", "sp-2026-11-11-k8s-cluster-06",
                "--workspace", ws);
        assertThat(rejected.out()).contains("decided: rejected by joel at 2026-11-21T09:00:00Z")
                .contains("reason: Helm is out of scope for the home cluster.");

        DemoCommandTest.Run help = DemoCommandTest.run("proposals", "reject", "--help");
        assertThat(help.out()).contains("--reason=R").contains("Why it is rejected").contains("reviewer");
    }

    @Test
    void aRejectedProposalsDiffHasTheLineNumbersItHadWhileOpen() throws Exception {
        String header = "@@ -3,6 +3,7 @@\n ## How I work\n \n - Be direct.\n+- Push back when a plan has a risk nobody "
                + "named, and name it.\n";
        DemoCommandTest.Run open = DemoCommandTest.run("proposals", "show", "dream-2026-11-20-02", "--no-similar",
                "--workspace", ws);
        assertThat(open.out()).contains(header);
        assertEquals(0, DemoCommandTest.run("proposals", "reject", "dream-2026-11-20-02", "--reason", "Not now.",
                "--workspace", ws).code());

        DemoCommandTest.Run show = DemoCommandTest.run("proposals", "show", "dream-2026-11-20-02", "--workspace", ws);
        assertEquals(0, show.code(), show.err());
        assertThat(show.out()).contains("decided: rejected by joel").contains("nothing was committed")
                .contains("--- a/SOUL.md\n+++ b/SOUL.md\n" + header);
        JsonNode json = new ObjectMapper().readTree(DemoCommandTest.run("proposals", "show", "dream-2026-11-20-02",
                "--json", "--workspace", ws).out());
        assertThat(json.path("diff").asText()).contains(header);
        assertThat(json.path("decision").path("diffAsCommitted").asBoolean()).isFalse();
    }

    @Test
    void showNamesTheExistingLessonsLikeTheProposal() throws Exception {
        assertEquals(0, DemoCommandTest.run("sync", "--no-embeddings", "--workspace", ws).code());
        DemoCommandTest.Run show = DemoCommandTest.run("proposals", "show", "dream-2026-11-20-03", "--workspace", ws);
        assertEquals(0, show.code(), show.err());
        assertThat(show.out()).contains("Similar lessons (by ").contains("near-duplicate")
                .contains("the lesson:    Deleting documents by fuzzy search");
        JsonNode json = new ObjectMapper().readTree(DemoCommandTest.run("proposals", "show", "dream-2026-11-20-03",
                "--json", "--workspace", ws).out());
        JsonNode first = json.path("similarLessons").path("matches").get(0);
        assertThat(first.path("id").asText()).startsWith("lesson:");
        assertThat(first.path("lessonSentence").asText()).startsWith("Deleting documents by fuzzy search");
        assertThat(first.path("similarity").asDouble()).isGreaterThanOrEqualTo(json.path("similarLessons")
                .path("threshold").asDouble());
        assertThat(first.path("contradiction").asBoolean()).isFalse();
        JsonNode none = new ObjectMapper().readTree(DemoCommandTest.run("proposals", "show", "dream-2026-11-20-02",
                "--json", "--workspace", ws).out());
        assertThat(none.path("similarLessons").path("matches")).isEmpty();
        assertThat(DemoCommandTest.run("proposals", "show", "dream-2026-11-20-03", "--no-similar", "--workspace", ws)
                .out()).doesNotContain("Similar lessons");
    }
}
