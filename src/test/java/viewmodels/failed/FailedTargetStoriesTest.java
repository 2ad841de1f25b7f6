package viewmodels.failed;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.ZoneId;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.failed.FailedTargetsService;
import services.knowledge.LuceneKnowledgeIndex;
import services.sync.SyncOptions;
import services.sync.VaultSync;
import services.tasks.ProgressSink;
import services.tasks.SynchronousTaskRunner;
import services.workspace.Workspace;
import testsupport.Fixtures;

/**
 * Story ids are per loop PRD: the demo's joelclaw/S2 gathers three failed_target documents, and one of them is
 * another story ("Kill dev servers | watchers after each story"). The row, its filter and the clear confirmation
 * name every story the key holds, so clearing it does not silently clear another story's record.
 */
class FailedTargetStoriesTest {

    private static final String NEWEST = "Index retros | lessons into system_knowledge";
    private static final String OTHER = "Kill dev servers | watchers after each story";

    @TempDir
    Path tmp;

    private LuceneKnowledgeIndex index;
    private FailedTargetsViewModel vm;

    @BeforeEach
    void setUp() throws Exception {
        Workspace ws = Fixtures.demo(tmp);
        index = new LuceneKnowledgeIndex(ws.indexDir(), 384);
        new VaultSync(ws, index, Fixtures.CLOCK).run(SyncOptions.all(), ProgressSink.NONE);
        FailedTargetsService service = new FailedTargetsService(ws, index, null, Fixtures.CLOCK);
        vm = new FailedTargetsViewModel(service, new SynchronousTaskRunner(), Fixtures.CLOCK, "joel", id -> { });
        vm.refresh();
    }

    @AfterEach
    void tearDown() {
        index.close();
    }

    private FailedRow row(String key) {
        return vm.rows().stream().filter(r -> r.key().equals(key)).findFirst().orElseThrow();
    }

    @Test
    void theRowNamesEveryStoryItsDocumentsCarry() {
        FailedRow s2 = row("joelclaw/S2");
        assertThat(s2.times()).isEqualTo(3);
        assertThat(s2.story()).isEqualTo(NEWEST + "\n+ 1 other story: " + OTHER);
        // a key whose documents all name one story shows just its title
        assertThat(vm.rows()).filteredOn(r -> !r.key().equals("joelclaw/S2"))
                .isNotEmpty().allSatisfy(r -> assertThat(r.story()).doesNotContain("other stor"));
    }

    @Test
    void filteringByTheOtherStoryFindsTheRow() {
        vm.textProperty().set("kill dev servers");
        assertThat(vm.rows()).extracting(FailedRow::key).contains("joelclaw/S2");
    }

    @Test
    void theClearConfirmationNamesEachDocumentsStory() {
        vm.select(List.of("joelclaw/S2"));
        List<String> preview = vm.preview();
        assertThat(preview).hasSize(1);
        String line = preview.get(0);
        assertThat(line).startsWith("joelclaw/S2 — 2 different stories share this id: ")
                .contains("(\"" + NEWEST + "\")").contains("(\"" + OTHER + "\")");
        assertThat(line.split("document failed_target:")).hasSize(4); // three documents, each named
        assertThat(line).containsPattern("failed_target:loop-[a-z0-9-]+:S2 \\(\"" + Pattern.quote(OTHER));
    }

    @Test
    void theHistoryWritesWhenAClearWasMadeAsTheWindowWritesAMomentInItsZone() throws Exception {
        Workspace ws = Fixtures.demo(tmp.resolve("berlin"));
        try (LuceneKnowledgeIndex berlinIndex = new LuceneKnowledgeIndex(ws.indexDir(), 384)) {
            new VaultSync(ws, berlinIndex, Fixtures.CLOCK).run(SyncOptions.all(), ProgressSink.NONE);
            FailedTargetsViewModel berlin = new FailedTargetsViewModel(new FailedTargetsService(ws, berlinIndex, null,
                    Fixtures.CLOCK), new SynchronousTaskRunner(), Fixtures.CLOCK.withZone(ZoneId.of("Europe/Berlin")),
                    "joel", id -> { });
            berlin.refresh();
            berlin.select(List.of("joelclaw/S2"));
            berlin.clearSelected("retried by hand");
            // the log says 2026-11-01T10:00:00Z (UTC); the window, 11:00 in Berlin, without seconds or zone
            assertThat(berlin.history()).anySatisfy(line -> assertThat(line)
                    .startsWith("2026-11-01 11:00 · joel cleared joelclaw/S2 — retried by hand"));
        }
    }
}
