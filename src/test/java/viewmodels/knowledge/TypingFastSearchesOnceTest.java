package viewmodels.knowledge;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.demo.DemoWorkspace;
import services.knowledge.ForwardingKnowledgeIndex;
import services.knowledge.KnowledgeIndex;
import services.knowledge.KnowledgeQuery;
import services.knowledge.LuceneKnowledgeIndex;
import services.knowledge.SearchResult;
import services.sync.SyncOptions;
import services.sync.VaultSync;
import services.tasks.ProgressSink;
import services.tasks.SynchronousTaskRunner;
import services.workspace.Workspace;
import testsupport.DeferredTaskRunner;
import testsupport.Fixtures;

/**
 * A 2,900-character question typed at full speed with Semantic on left the window "Searching" for minutes: every
 * keystroke queued a search and each ran to its end. Now at most one search runs and one waits — the keystrokes'
 * searches replace one another — and the question sent to the index is its first 1,000 characters. The runner
 * holds each task until the test runs it (as the window's busy pool would), deterministically.
 */
class TypingFastSearchesOnceTest {

    @TempDir
    Path tmp;

    private LuceneKnowledgeIndex lucene;
    private final List<String> searched = new ArrayList<>();
    private KnowledgeIndex counting;
    private Workspace ws;

    @BeforeEach
    void setUp() {
        ws = Fixtures.loader().load(Fixtures.demoAt(tmp.resolve("d")));
        lucene = new LuceneKnowledgeIndex(ws.indexDir(), 384);
        new VaultSync(ws, lucene, Fixtures.CLOCK).run(SyncOptions.all(), ProgressSink.NONE);
        counting = new ForwardingKnowledgeIndex(lucene) {
            @Override
            public SearchResult search(KnowledgeQuery query) {
                searched.add(query.text());
                return super.search(query);
            }
        };
    }

    @AfterEach
    void tearDown() {
        lucene.close();
    }

    private static String essay() {
        StringBuilder s = new StringBuilder();
        while (s.length() < 2_900) {
            s.append("idempotency key email retry ");
        }
        return s.substring(0, 2_900);
    }

    @Test
    void aQuestionTypedKeyByKeyWhileSearchesWaitRunsTheFirstAndTheLastSearchOnly() {
        DeferredTaskRunner runner = new DeferredTaskRunner();
        KnowledgeViewModel vm = new KnowledgeViewModel(counting, new DocumentDetailViewModel(counting, ws,
                new SynchronousTaskRunner(), ZoneOffset.UTC), runner, ZoneOffset.UTC);
        vm.semanticProperty().set(true);
        String essay = essay();
        for (int i = 1; i <= essay.length(); i++) {
            vm.queryProperty().set(essay.substring(0, i));
        }
        assertThat(runner.waiting()).isEqualTo(1);
        runner.runAll();

        // the toggle's search was handed to the runner first; every keystroke after it replaced the waiting one
        assertThat(runner.ran).isEqualTo(2);
        assertThat(searched).hasSize(1); // the first was superseded before it got a thread: never searched
        assertThat(searched.get(0)).isEqualTo(essay.substring(0, 1_000));
        assertThat(vm.results()).isNotEmpty();
        assertThat(vm.summaryProperty().get()).contains("first 1,000 characters searched");
    }

    @Test
    void keystrokesArrivingWhileASearchRunsCancelItAndOnlyTheNewestIsShown() {
        DeferredTaskRunner runner = new DeferredTaskRunner();
        List<String> typedMeanwhile = new ArrayList<>(List.of("idem", "idempo", "idempotency"));
        KnowledgeViewModel[] vm = new KnowledgeViewModel[1];
        KnowledgeIndex typing = new ForwardingKnowledgeIndex(counting) {
            @Override
            public SearchResult search(KnowledgeQuery query) {
                SearchResult found = super.search(query);
                if (!typedMeanwhile.isEmpty()) {
                    vm[0].queryProperty().set(typedMeanwhile.remove(0)); // the user types on while it runs
                }
                return found;
            }
        };
        vm[0] = new KnowledgeViewModel(typing, new DocumentDetailViewModel(typing, ws, new SynchronousTaskRunner(),
                ZoneOffset.UTC), runner, ZoneOffset.UTC);
        vm[0].queryProperty().set("id");
        runner.runAll();

        // each running search was cancelled by the keystroke after it: its rows were never made or shown
        assertThat(searched).containsExactly("id", "idem", "idempo", "idempotency");
        List<String> idempotency = lucene.search(KnowledgeQuery.text("idempotency").withLimit(KnowledgeViewModel.PAGE))
                .hits().stream().map(h -> h.doc().id()).toList();
        assertThat(vm[0].results()).extracting(ResultRow::id).isNotEmpty().containsExactlyElementsOf(idempotency);
        assertThat(vm[0].summaryProperty().get()).doesNotContain("characters searched");
    }

    @Test
    void withTheSynchronousRunnerEverySearchStillRunsAndShowsInTurn() {
        SynchronousTaskRunner runner = new SynchronousTaskRunner();
        KnowledgeViewModel vm = new KnowledgeViewModel(counting, new DocumentDetailViewModel(counting, ws, runner,
                ZoneOffset.UTC), runner, ZoneOffset.UTC);
        vm.queryProperty().set("idempotency");
        vm.queryProperty().set("zzzz-nothing");
        assertThat(searched).containsExactly("idempotency", "zzzz-nothing");
        assertThat(vm.messageProperty().get()).startsWith("No documents match \"zzzz-nothing\"");
    }
}
