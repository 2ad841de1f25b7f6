package viewmodels.overview;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.brain.BrainEra;
import services.brain.SqliteCriticalSearch;
import services.demo.DemoWorkspace;
import services.knowledge.LuceneKnowledgeIndex;
import services.sync.SyncOptions;
import services.sync.SyncSources;
import services.sync.VaultSync;
import services.tasks.ProgressSink;
import services.tasks.SynchronousTaskRunner;
import services.workspace.Workspace;
import services.workspace.WorkspaceInventory;
import testsupport.Fixtures;
import testsupport.BrainPages;
import testsupport.CriticalDbFixture;

/** The Overview says which era each source is from: last ADR, newest Brain page, critical.db's freshness. */
class OverviewEraTest {

    private static final Instant NOW = Instant.parse("2026-11-27T08:00:00Z");
    private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);

    @TempDir
    Path tmp;

    @Test
    void theEraLinesNameTheLastAdrTheNewestBrainPageAndCriticalDbFreshness() throws Exception {
        Path dir = Fixtures.demoWriter(CLOCK).write(tmp.resolve("d")).dir();
        Path repo = BrainPages.copyRepo(tmp.resolve("code"));
        Path db = new CriticalDbFixture().allSourcesOk(NOW.minusSeconds(86_400 * 9L))
                .builtAt(NOW.minusSeconds(3 * 3600)).write(tmp.resolve("critical.db"));
        ObjectMapper json = new ObjectMapper();
        ObjectNode root = (ObjectNode) json.readTree(dir.resolve("workspace.json").toFile());
        root.putArray("brain").add(repo.toString());
        root.put("criticalDb", db.toString());
        json.writeValue(dir.resolve("workspace.json").toFile(), root);
        Workspace ws = Fixtures.loader().load(dir);
        try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(ws.indexDir(), 384)) {
            new VaultSync(ws, index, CLOCK).run(SyncOptions.all(), ProgressSink.NONE);
            OverviewViewModel vm = new OverviewViewModel(ws, new WorkspaceInventory(), () -> SyncSources.of(ws),
                    new SynchronousTaskRunner()).withEra(() -> BrainEra.of(ws, index,
                    new SqliteCriticalSearch(db, CLOCK), CLOCK));
            vm.refresh();
            assertThat(vm.era()).hasSize(3);
            assertThat(vm.era().get(0)).matches("Vault ADRs: last ADR \\d{4}.*");
            assertThat(vm.era().get(1)).isEqualTo(
                    "Brain pages: 11 indexed; newest Review Receipts on the Surface (2026-08-20)");
            assertThat(vm.era().get(2)).startsWith("critical.db: built 3 h ago, 0 documents — stale")
                    .contains("files:brain is stale (newest document 9 days ago");
            assertThat(vm.locations()).extracting(OverviewViewModel.LocationRow::key).contains("brain[0]", "criticalDb");
        }
    }

    @Test
    void withoutBrainOrCriticalDbTheLinesSayWhereToPointThem() throws Exception {
        Path dir = Fixtures.demoWriter(CLOCK).write(tmp.resolve("d2")).dir();
        Workspace ws = Fixtures.loader().load(dir);
        try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(ws.indexDir(), 384)) {
            BrainEra.Era era = BrainEra.of(ws, index, null, CLOCK);
            assertThat(era.lines().get(1)).contains("no Brain folder is configured (workspace.json key 'brain')");
            assertThat(era.lines().get(2)).contains("not configured (workspace.json key 'criticalDb'");
            assertThat(Files.exists(ws.dir())).isTrue();
        }
    }
}
