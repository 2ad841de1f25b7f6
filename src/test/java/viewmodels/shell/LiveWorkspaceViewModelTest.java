package viewmodels.shell;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.amendments.AmendmentImpact;
import services.amendments.AmendmentsService;
import services.failed.FailedTargetsService;
import services.knowledge.KnowledgeDoc;
import services.knowledge.KnowledgeQuery;
import services.knowledge.LuceneKnowledgeIndex;
import services.policy.PolicyService;
import services.review.ReviewService;
import services.sync.SyncOptions;
import services.sync.VaultSync;
import services.tasks.ProgressSink;
import services.tasks.SynchronousTaskRunner;
import services.workspace.Workspace;
import services.workspace.WorkspaceChanges;
import services.workspace.WorkspaceChanges.Area;
import testsupport.Fixtures;
import viewmodels.amendments.AmendmentRow;
import viewmodels.amendments.AmendmentsViewModel;
import viewmodels.failed.FailedTargetsViewModel;
import viewmodels.review.ReviewViewModel;

/**
 * A window open on the demo workspace, and a command on the same workspace beside it (its own index, its own
 * services, as a second process has them): the command is never refused, and each change shows in the window's
 * view models within two seconds of polling, without a click.
 */
class LiveWorkspaceViewModelTest {

    @TempDir
    Path tmp;

    @Test
    void whatACommandChangesShowsInTheOpenWindowWithinTwoSeconds() throws Exception {
        Workspace ws = Fixtures.demo(tmp);
        SynchronousTaskRunner runner = new SynchronousTaskRunner();
        try (LuceneKnowledgeIndex window = new LuceneKnowledgeIndex(ws.indexDir(), 384);
             LuceneKnowledgeIndex cli = new LuceneKnowledgeIndex(ws.indexDir(), 384)) {
            new VaultSync(ws, window, Fixtures.CLOCK).run(SyncOptions.all(), ProgressSink.NONE);
            ReviewViewModel review = new ReviewViewModel(new ReviewService(ws, Fixtures.CLOCK), runner, "joel", false);
            FailedTargetsViewModel failed = new FailedTargetsViewModel(new FailedTargetsService(ws, window, null,
                    Fixtures.CLOCK), runner, Fixtures.CLOCK, "joel", id -> { });
            AmendmentsViewModel amendments = new AmendmentsViewModel(new AmendmentsService(ws, Fixtures.CLOCK),
                    new AmendmentImpact(window), runner, "joel", ZoneOffset.UTC);
            AtomicLong documents = new AtomicLong();
            LiveWorkspaceViewModel live = new LiveWorkspaceViewModel(new WorkspaceChanges(ws, window::changeStamp, null));
            live.on(Area.INDEX, "status", () -> documents.set(window.status().documents()));
            live.on(Area.PROPOSALS, "review", review::refresh);
            live.on(Area.FAILED, "failed", failed::refresh);
            live.on(Area.AMENDMENTS, "amendments", amendments::refresh);
            review.refresh();
            failed.refresh();
            amendments.refresh();
            documents.set(window.status().documents());
            assertThat(live.refreshChanged()).isEmpty(); // the first look sees nothing changed

            assertThat(cli.search(KnowledgeQuery.text("redis", 5)).total()).isPositive(); // a read, beside the window

            long before = documents.get();
            cli.upsert(List.of(new KnowledgeDoc("turn:cli-1", "turn_note", "Decided from the command line", "why",
                    "cli", "joelclaw", null, null, null, List.of(), 1_795_000_000L, null)));
            within2s(live, () -> documents.get() == before + 1);

            String key = failed.rows().get(0).key();
            new FailedTargetsService(ws, cli, null, Fixtures.CLOCK).clear(List.of(key), "fixed upstream", "cli");
            within2s(live, () -> failed.rows().stream().noneMatch(r -> r.key().equals(key)));

            String id = review.rows().get(0).id();
            new ReviewService(ws, Fixtures.CLOCK).approve(id, "cli", null);
            within2s(live, () -> review.rows().stream().noneMatch(r -> r.id().equals(id)));

            AmendmentRow soul = amendments.rows().stream().filter(r -> r.id().equals("dream-2026-11-10-01"))
                    .findFirst().orElseThrow();
            String statusBefore = soul.status();
            new AmendmentsService(ws, Fixtures.CLOCK).revert(List.of(soul.sha()), "cli");
            within2s(live, () -> amendments.rows().stream().anyMatch(r -> r.id().equals("dream-2026-11-10-01")
                    && !r.status().equals(statusBefore)));

            long beforeSync = documents.get();
            new VaultSync(ws, cli, Fixtures.CLOCK).run(SyncOptions.all(), ProgressSink.NONE); // nothing new: no dupes
            live.refreshChanged();
            assertThat(window.status().documents()).isEqualTo(beforeSync);
        }
    }

    private static void within2s(LiveWorkspaceViewModel live, BooleanSupplier seen) throws InterruptedException {
        long deadline = System.nanoTime() + 2_000_000_000L;
        while (System.nanoTime() < deadline) {
            live.refreshChanged();
            if (seen.getAsBoolean()) {
                return;
            }
            Thread.sleep(100);
        }
        fail("the open window did not see the change within 2 s");
    }

    /** The trust dial's panel is registered for POLICY: a dial saved or a change applied elsewhere is seen. */
    @Test
    void aPolicyRunOrADialSavedElsewhereIsAPolicyChange() throws Exception {
        Workspace ws = Fixtures.demo(tmp);
        WorkspaceChanges changes = new WorkspaceChanges(ws, () -> 1L, null);
        assertThat(changes.poll()).isEmpty(); // the first look sees nothing changed
        PolicyService policy = new PolicyService(ws, new ReviewService(ws, Fixtures.CLOCK), Fixtures.CLOCK);
        policy.run(); // `policy run` in another process: applies and logs
        assertThat(changes.poll()).contains(Area.POLICY);
        assertThat(changes.poll()).doesNotContain(Area.POLICY);
        Files.writeString(ws.dir().resolve("workspace.json"), Files.readString(ws.dir().resolve("workspace.json"))
                + "\n"); // the dial saved on the command line rewrites workspace.json
        assertThat(changes.poll()).contains(Area.POLICY);
    }
}
