package services.failed;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.RedisClient;
import services.knowledge.KnowledgeDoc;
import services.knowledge.KnowledgeIndex;
import services.knowledge.LuceneKnowledgeIndex;
import services.sync.SyncOptions;
import services.sync.VaultSync;
import services.tasks.ProgressSink;
import services.workspace.RedisSettings;
import services.workspace.Workspace;
import testsupport.Fixtures;
import testsupport.RedisServer;

/**
 * Projects and story ids written by agents may hold glob characters ({@code * ? [ ] \}), which Redis's SCAN
 * MATCH, KEYS and a filter would read as patterns. Against a real redis-server: a clear removes exactly that member
 * of {@code loop:failed:targets:<project>} and exactly the documents whose id names it — never a member or a
 * document the pattern would also have matched. The state is read back with a raw client, not the code under test.
 */
@Tag("server")
public class FailedTargetsGlobTest {

    public static final List<String> PROJECTS = List.of("p*", "p?", "p[ab]", "p\\", "p\\*", "p]", "pa", "pb", "p", "px");
    public static final List<String> TARGETS = List.of("S*", "S?", "S[12]", "S\\1", "S]", "S1", "S2", "S", "Sx");

    @TempDir
    Path tmp;

    private RedisServer server;
    private Workspace ws;
    private LuceneKnowledgeIndex index;
    private FailedTargets redis;
    private RedisClient raw;

    @BeforeEach
    void setUp() throws Exception {
        server = new RedisServer(tmp.resolve("redis"));
        ws = Fixtures.demo(tmp);
        index = new LuceneKnowledgeIndex(ws.indexDir(), 384);
        new VaultSync(ws, index, Fixtures.CLOCK).run(SyncOptions.all(), ProgressSink.NONE);
        redis = RedisFailedTargets.open(new RedisSettings(server.url(), List.of(), null, List.of(), null));
        raw = RedisClient.create("127.0.0.1", server.port());
        plant(redis, index);
    }

    @AfterEach
    void tearDown() {
        raw.close();
        redis.close();
        index.close();
        server.close();
    }

    /** Every (project, target) as a Redis member, and as a document of loop-<n> (n: the project's place). */
    public static void plant(FailedTargets redis, KnowledgeIndex index) {
        List<KnowledgeDoc> docs = new ArrayList<>();
        for (int p = 0; p < PROJECTS.size(); p++) {
            for (String target : TARGETS) {
                redis.add(PROJECTS.get(p), target, Fixtures.CLOCK.millis() - p);
                docs.add(new KnowledgeDoc(docId(p, target), "failed_target", "Failed: " + target, "", "loop",
                        PROJECTS.get(p), "loop-" + p, null, null, List.of("failed_target", "loop"),
                        Fixtures.CLOCK.instant().getEpochSecond(), null));
            }
        }
        index.upsert(docs);
        index.flush();
    }

    public static String docId(int project, String target) {
        return "failed_target:loop-" + project + ":" + target;
    }

    /** Every member of every failed-targets set, as "key | member", read with KEYS and ZRANGE on a raw client. */
    private Set<String> members() {
        Set<String> out = new TreeSet<>();
        for (String key : raw.keys(FailedTargets.PREFIX + "*")) {
            raw.zrange(key, 0, -1).forEach(m -> out.add(key + " | " + m));
        }
        return out;
    }

    @Test
    void aClearOfAProjectOrStoryWithGlobCharactersRemovesExactlyThatMemberAndThoseDocuments() {
        FailedTargetsService service = new FailedTargetsService(ws, index, redis, Fixtures.CLOCK);
        Set<String> members = members();
        Set<String> docs = new TreeSet<>(index.ids(Set.of("failed_target")));
        assertThat(members).hasSize(PROJECTS.size() * TARGETS.size());
        String[][] clears = {{"p*", "S*"}, {"p?", "S?"}, {"p[ab]", "S[12]"}, {"p\\", "S\\1"}, {"p\\*", "S]"},
            {"p]", "S1"}, {"pa", "S*"}, {"p", "S?"}, {"px", "S[12]"}, {"pb", "S"}};
        for (String[] c : clears) {
            int p = PROJECTS.indexOf(c[0]);
            List<FailedTargetsService.Outcome> outcomes = service.clear(List.of(TargetKeys.key(c[0], c[1])),
                    "fixed upstream", "joel");
            assertThat(outcomes).singleElement().satisfies(o -> {
                assertThat(o.redis()).as("project %s, target %s", c[0], c[1]).isEqualTo("removed");
                assertThat(o.docsDeleted()).isEqualTo(1);
            });
            members.remove(FailedTargets.PREFIX + c[0] + " | " + c[1]);
            docs.remove(docId(p, c[1]));
            assertThat(members()).as("Redis after clearing project %s, target %s", c[0], c[1]).isEqualTo(members);
            assertThat(new TreeSet<>(index.ids(Set.of("failed_target")))).as("index after clearing project %s, target %s",
                    c[0], c[1]).isEqualTo(docs);
        }
    }

    @Test
    void aPruneOfSetsWhoseProjectHoldsGlobCharactersRemovesOnlyWhatIsOld() {
        redis.add("p*", "old", Fixtures.CLOCK.millis() - 30L * 24 * 3600 * 1000);
        Set<String> before = members();
        assertThat(redis.pruneBefore(Fixtures.CLOCK.millis() - 24L * 3600 * 1000)).isEqualTo(1);
        before.remove(FailedTargets.PREFIX + "p* | old");
        assertThat(members()).isEqualTo(before);
    }
}
