package viewmodels.failed;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
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
 * Issue 37 walk: "Cleared course-builder/S2…" still showed after a later clear of another target. A message lives
 * as long as its subject (docs/design.md, Messages).
 */
class MessagesGoWithTheirSubjectTest {

    @TempDir
    Path tmp;

    private LuceneKnowledgeIndex index;
    private FailedTargetsViewModel vm;
    private FailedTargetsService elsewhere;

    @BeforeEach
    void setUp() throws Exception {
        Workspace ws = Fixtures.demo(tmp);
        index = new LuceneKnowledgeIndex(ws.indexDir(), 384);
        new VaultSync(ws, index, Fixtures.CLOCK).run(SyncOptions.all(), ProgressSink.NONE);
        elsewhere = new FailedTargetsService(ws, index, null, Fixtures.CLOCK); // the command line, say
        vm = new FailedTargetsViewModel(new FailedTargetsService(ws, index, null, Fixtures.CLOCK),
                new SynchronousTaskRunner(), Fixtures.CLOCK, "joel", id -> { });
        vm.refresh();
    }

    @AfterEach
    void tearDown() {
        index.close();
    }

    private List<String> keys() {
        return vm.rows().stream().map(FailedRow::key).toList();
    }

    @Test
    void aClearsMessageStaysWhileTheListIsAsItSaidThenGoesWhenAnotherTargetIsCleared() {
        vm.select(List.of("gremlin/S1"));
        vm.clearSelected("fixed");
        assertThat(vm.messageProperty().get()).startsWith("Cleared gremlin/S1");
        vm.select(List.of()); // the row left the table: nothing selected, the message stays
        vm.refresh(); // a poll that finds the list as the clear left it
        assertThat(vm.messageProperty().get()).startsWith("Cleared gremlin/S1");

        String other = keys().get(0);
        elsewhere.clear(List.of(other), "fixed too", "joel"); // a later clear of another target, elsewhere
        vm.refresh();
        assertThat(vm.messageProperty().get()).isEmpty();
    }

    @Test
    void aClearsMessageGoesWhenAnotherRowIsSelectedOrTheSectionIsLeft() {
        vm.select(List.of("gremlin/S1"));
        vm.clearSelected("fixed");
        vm.select(List.of(keys().get(0)));
        assertThat(vm.messageProperty().get()).isEmpty();

        vm.select(List.of(keys().get(0)));
        vm.clearSelected("   ");
        assertThat(vm.messageProperty().get()).startsWith("Clearing a failed target needs a reason");
        vm.messagesRead(); // the section was left
        assertThat(vm.messageProperty().get()).isEmpty();
    }

    @Test
    void aLaterClearHereSaysOnlyItsOwnTargets() {
        vm.select(List.of("gremlin/S1"));
        vm.clearSelected("fixed");
        String other = keys().get(0);
        vm.select(List.of(other));
        vm.clearSelected("fixed too");
        assertThat(vm.messageProperty().get()).startsWith("Cleared " + other).doesNotContain("gremlin/S1");
    }
}
