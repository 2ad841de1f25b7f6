package app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.RedisClient;
import services.failed.FailedTargets;
import services.failed.FailedTargetsGlobTest;
import services.failed.RedisFailedTargets;
import services.knowledge.LuceneKnowledgeIndex;
import services.workspace.RedisSettings;
import services.workspace.Workspace;
import testsupport.Fixtures;
import testsupport.RedisServer;

/**
 * {@code failed clear} with a real redis-server, for projects and story ids holding glob characters: the command
 * removes exactly the named member and the documents whose id names it, nothing a pattern would also match.
 */
@Tag("server")
class FailedClearGlobCommandTest {

    @TempDir
    Path tmp;

    @Test
    void failedClearOfKeysWithGlobCharactersRemovesExactlyThoseMembersAndDocuments() throws Exception {
        String ws = tmp.resolve("ws").toString();
        assertEquals(0, DemoCommandTest.run("demo", ws).code());
        try (RedisServer server = new RedisServer(tmp.resolve("redis"));
             RedisClient raw = RedisClient.create("127.0.0.1", server.port())) {
            Path file = Path.of(ws, "workspace.json");
            Files.writeString(file, Files.readString(file).replace("\"redis\": null", "\"redis\": {\"url\": \""
                    + server.url() + "\"}"));
            assertEquals(0, DemoCommandTest.run("sync", "--workspace", ws).code());
            Workspace w = Fixtures.loader().load(Path.of(ws));
            try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(w.indexDir(), 384);
                 FailedTargets redis = RedisFailedTargets.open(new RedisSettings(server.url(), List.of(), null, List.of(),
                         null))) {
                FailedTargetsGlobTest.plant(redis, index);
            }
            Set<String> members = members(raw);
            Set<String> docs = docs(w);

            // project/target as 'failed list' shows them: a '\' in a project is written '\\'
            String[][] clears = {{"p*/S*", "p*", "S*"}, {"p?/S?", "p?", "S?"}, {"p[ab]/S[12]", "p[ab]", "S[12]"},
                {"p\\\\/S\\1", "p\\", "S\\1"}, {"p\\\\*/S]", "p\\*", "S]"}};
            for (String[] c : clears) {
                DemoCommandTest.Run clear = DemoCommandTest.run("failed", "clear", c[0], "--reason", "Fixed.", "--by",
                        "joel", "--workspace", ws);
                assertEquals(0, clear.code(), c[0] + ": " + clear.err());
                assertThat(clear.out()).startsWith(c[0] + ": Redis removed, index removed");
                members.remove(FailedTargets.PREFIX + c[1] + " | " + c[2]);
                docs.remove(FailedTargetsGlobTest.docId(FailedTargetsGlobTest.PROJECTS.indexOf(c[1]), c[2]));
                assertThat(members(raw)).as("Redis after failed clear %s", c[0]).isEqualTo(members);
                assertThat(docs(w)).as("index after failed clear %s", c[0]).isEqualTo(docs);
            }
        }
    }

    private static Set<String> members(RedisClient raw) {
        Set<String> out = new TreeSet<>();
        for (String key : raw.keys(FailedTargets.PREFIX + "*")) {
            raw.zrange(key, 0, -1).forEach(m -> out.add(key + " | " + m));
        }
        return out;
    }

    private static Set<String> docs(Workspace w) {
        try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(w.indexDir(), 384)) {
            return new TreeSet<>(index.ids(Set.of("failed_target")));
        }
    }
}
