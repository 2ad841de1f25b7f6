package app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.amendments.AmendmentImpact;
import services.amendments.AmendmentsService;
import services.audit.DecisionLog;
import services.failed.FailedTargets;
import services.failed.FailedTargetsService;
import services.failed.RedisFailedTargets;
import services.knowledge.KnowledgeQuery;
import services.knowledge.LuceneKnowledgeIndex;
import services.review.JGitReviewBranch;
import services.review.ReviewService;
import services.sync.SyncOptions;
import services.sync.VaultSync;
import services.tasks.ProgressSink;
import services.tasks.SynchronousTaskRunner;
import services.workspace.Workspace;
import services.workspace.WorkspaceChanges;
import services.workspace.WorkspaceChanges.Area;
import testsupport.Fixtures;
import testsupport.RedisServer;
import viewmodels.amendments.AmendmentRow;
import viewmodels.amendments.AmendmentsViewModel;
import viewmodels.failed.FailedTargetsViewModel;
import viewmodels.review.ReviewViewModel;
import viewmodels.shell.LiveWorkspaceViewModel;

/**
 * One workspace, three kinds of client in three kinds of process: a headless {@code scheduler} in its own JVM
 * (syncing at start, owning the warm socket), the window's services and view models in this JVM, and each
 * command of the command line in a JVM of its own. Nothing is refused, lost or written twice, and the window
 * sees every change within two seconds.
 */
@Tag("server")
class ManyClientsProcessTest {

    @TempDir
    Path tmp;

    private ClientProcesses clients;

    @AfterEach
    void stopAll() {
        if (clients != null) {
            clients.close();
        }
    }

    @Test
    void theCommandLineBesideAWindowAndASchedulerEachInItsOwnProcess() throws Exception {
        try (RedisServer redisServer = new RedisServer(tmp.resolve("redis"))) {
            Path dir = Fixtures.demo(tmp).dir();
            Path file = dir.resolve("workspace.json");
            Files.writeString(file, Files.readString(file).replace("\"redis\": null",
                    "\"redis\": {\"url\": \"" + redisServer.url() + "\"}"));
            Workspace ws = Fixtures.loader().load(dir);
            clients = new ClientProcesses(tmp);
            String w = dir.toString();

            // Index the demo and seed Redis from the command line before anyone else is open.
            clients.ok("sync", "--no-embeddings", "--workspace", w);
            clients.ok("failed", "copy-to-redis", "--workspace", w);

            // The scheduler starts (its own sync at once, a writer) and owns the warm socket.
            Process scheduler = clients.start("scheduler", "--workspace", w, "--for", "120s", "--tick", "200",
                    "--run-now", "sync", "--run-now", "watchdog");
            clients.awaitFile(ws.stateDir().resolve("warm/owner.sock"), scheduler);

            SynchronousTaskRunner runner = new SynchronousTaskRunner();
            try (LuceneKnowledgeIndex window = new LuceneKnowledgeIndex(ws.indexDir(), 384);
                 FailedTargets redis = RedisFailedTargets.open(ws.redis())) {
                ReviewViewModel review = new ReviewViewModel(new ReviewService(ws, Fixtures.CLOCK), runner, "joel", false);
                FailedTargetsViewModel failed = new FailedTargetsViewModel(new FailedTargetsService(ws, window, redis,
                        Fixtures.CLOCK), runner, Fixtures.CLOCK, "joel", id -> { });
                AmendmentsViewModel amendments = new AmendmentsViewModel(new AmendmentsService(ws, Fixtures.CLOCK),
                        new AmendmentImpact(window), runner, "joel", ZoneOffset.UTC);
                AtomicLong documents = new AtomicLong();
                LiveWorkspaceViewModel live = new LiveWorkspaceViewModel(new WorkspaceChanges(ws, window::changeStamp,
                        () -> redis.members().members()));
                live.on(Area.INDEX, "status", () -> documents.set(window.status().documents()));
                live.on(Area.PROPOSALS, "review", review::refresh);
                live.on(Area.FAILED, "failed", failed::refresh);
                live.on(Area.AMENDMENTS, "amendments", amendments::refresh);
                review.refresh();
                failed.refresh();
                amendments.refresh();
                documents.set(window.status().documents());
                live.refreshChanged();
                assertThat(documents.get()).isPositive();
                // The scheduler's watchdog prunes the demo's long-expired failed targets: the window sees that too.
                within(60_000, live, () -> failed.rows().isEmpty());

                // Reads beside the window and the scheduler: answered (warm, by the scheduler, or cold).
                ClientProcesses.Run search = clients.ok("search", "redis", "--json", "--workspace", w);
                assertThat(clients.json(search).path("total").asLong()).isPositive();
                ClientProcesses.Run list = clients.ok("failed", "list", "--json", "--workspace", w);
                assertThat(clients.json(list).path("targets").isArray()).isTrue();

                // A sync and a note at the same time as the scheduler's sync: each takes its turn.
                Process sync = clients.start("sync", "--no-embeddings", "--workspace", w);
                ClientProcesses.Run note = clients.ok("note", "--source", "cli", "--agent", "panda", "--session",
                        "s-many", "--turn", "1", "--summary", "Quokkafied the retry path from another process",
                        "--decision", "keep idempotency keys", "--project", "joelclaw", "--workspace", w);
                ClientProcesses.Run synced = clients.finish(sync);
                assertEquals(0, synced.code(), synced.err());
                assertThat(note.out()).startsWith("Wrote ");
                String noteId = note.out().substring("Wrote ".length()).strip();
                within2s(live, () -> window.get(noteId).isPresent() && documents.get() == window.status().documents());
                assertEquals(1, window.search(KnowledgeQuery.text("Quokkafied", 10)).total(), "the note, once");

                // A target failing now, added to Redis by another client: the window shows it, the command line clears it.
                redis.add("joelclaw", "S9-many", System.currentTimeMillis());
                String key = "joelclaw/S9-many";
                within2s(live, () -> failed.rows().stream().anyMatch(r -> r.key().equals(key)));
                clients.ok("failed", "clear", key, "--reason", "fixed upstream", "--by", "cli", "--workspace", w);
                within2s(live, () -> failed.rows().stream().noneMatch(r -> r.key().equals(key)));

                String id = review.rows().get(0).id();
                clients.ok("proposals", "approve", id, "--by", "cli", "--workspace", w);
                within2s(live, () -> review.rows().stream().noneMatch(r -> r.id().equals(id)));

                AmendmentRow soul = amendments.rows().stream().filter(r -> r.id().equals("dream-2026-11-10-01"))
                        .findFirst().orElseThrow();
                String statusBefore = soul.status();
                clients.ok("amendments", "revert", soul.sha(), "--by", "cli", "--workspace", w);
                within2s(live, () -> amendments.rows().stream().anyMatch(r -> r.id().equals("dream-2026-11-10-01")
                        && !r.status().equals(statusBefore)));

                // Nothing refused (every command exited 0 above, none had to give up), nothing written twice.
                assertThat(clients.stderr()).doesNotContain("in use by another").doesNotContain("Cannot ");
                List<JsonNode> decisions = new DecisionLog(ws.stateDir().resolve("decisions.jsonl")).read().entries();
                assertEquals(1, decisions.stream().filter(e -> e.path("action").asText().equals("approve")
                        && e.path("proposal").asText().equals(id)).count());
                assertEquals(1, decisions.stream().filter(e -> e.path("action").asText().equals("revert")
                        && e.path("reverts").asText().equals(soul.sha())).count());
                // a clear is written ahead (its intent, state "begun"), then recorded once when it has run
                for (String state : new String[] {"begun", ""}) {
                    assertEquals(1, decisions.stream().filter(e -> e.path("action").asText().equals("clear_failed")
                            && e.path("state").asText().equals(state)
                            && e.toString().contains(key.replace("\\", "\\\\"))).count(), "clear_failed " + state);
                }
                try (JGitReviewBranch branch = new JGitReviewBranch(ws.behaviourRepo(), ws.reviewBranch())) {
                    assertEquals(1, branch.log(100).stream().filter(e -> e.message().contains("Proposal-Id: " + id))
                            .count(), "one commit for the approval");
                }
                long before = window.status().documents();
                new VaultSync(ws, window, Fixtures.CLOCK).run(SyncOptions.all(), ProgressSink.NONE);
                assertEquals(before, window.status().documents(), "three syncs and a note left nothing to add twice");
                assertThat(redis.members().members().toString()).doesNotContain("S9-many");
                assertThat(scheduler.isAlive()).isTrue();
            }
        }
    }

    private static void within2s(LiveWorkspaceViewModel live, BooleanSupplier seen) throws InterruptedException {
        within(2_000, live, seen);
    }

    private static void within(long millis, LiveWorkspaceViewModel live, BooleanSupplier seen) throws InterruptedException {
        long deadline = System.nanoTime() + millis * 1_000_000L;
        while (System.nanoTime() < deadline) {
            live.refreshChanged();
            if (seen.getAsBoolean()) {
                return;
            }
            Thread.sleep(100);
        }
        fail("the open window did not see the change within " + millis + " ms");
    }
}
