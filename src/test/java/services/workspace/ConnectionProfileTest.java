package services.workspace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import services.knowledge.TypesenseBackend;
import testsupport.Fixtures;

/** The connection profile the Settings screen edits: each field checked by name, saved without losing keys. */
class ConnectionProfileTest {

    private static final TypesenseBackend TYPESENSE = new TypesenseBackend();

    @TempDir
    Path dir;

    private Workspace load(String json) throws Exception {
        Files.writeString(dir.resolve("workspace.json"), json);
        return Fixtures.loader(dir.toString()).load(dir);
    }

    @Test
    void everyWrongFieldIsNamed() throws Exception {
        ConnectionProfile p = new ConnectionProfile("typesense", "https://ts-1:8108\nts-2", "env", "1BAD", "", "sys tem",
                "0", "sentinel", "", "host", "", "", "", false, "not a name", false, true);
        assertThat(p.problems()).containsOnlyKeys("nodes", "key", "collection", "timeout", "sentinels", "masterName",
                "redisPasswordEnv");
        assertThat(p.problems().get("nodes")).isEqualTo("Line 2: \"ts-2\" is not a URL like https://ts-1:8108");
        ConnectionProfile url = new ConnectionProfile("lucene", "", "env", "K", "", "system_knowledge", "5",
                "standalone", "redis://u:pw@host:6379/0", "", "", "", "", false, "", false, true);
        assertThat(url.problems()).containsOnlyKeys("redisUrl");
        assertThat(url.problems().get("redisUrl")).contains("no password in the URL");
    }

    /** Walk: redis://localhost:99999/abc heard only the generic "Give a URL like …"; a port past 65535 passed. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "redis://localhost:99999/0 | Port 99999 is not a port: 1 to 65535",
            "redis://localhost:0 | Port 0 is not a port",
            "redis://localhost:6379/abc | \"abc\" is not a database number",
            "redis://localhost:99999/abc | \"abc\" is not a database number",
            "http://localhost:6379/0 | starts with redis://",
            "localhost:6379 | starts with redis://",
            "redis:// | The host is missing",
            "' ' | Give a URL like redis://host:6379/0"})
    void aWrongRedisUrlSaysWhichPartIsWrong(String url, String says) {
        ConnectionProfile p = new ConnectionProfile("lucene", "", "env", "K", "", "system_knowledge", "5",
                "standalone", url, "", "", "", "", false, "", false, true);
        assertThat(p.problems()).containsOnlyKeys("redisUrl");
        assertThat(p.problems().get("redisUrl")).contains(says);
        for (String fine : new String[] {"redis://localhost:6379/0", "rediss://user@cache.internal:6380/2",
                "redis://127.0.0.1:65535", "redis://host"}) {
            assertThat(new ConnectionProfile("lucene", "", "env", "K", "", "system_knowledge", "5", "standalone", fine,
                    "", "", "", "", false, "", false, true).problems()).as(fine).isEmpty();
        }
        assertThat(new ConnectionProfile("lucene", "", "env", "K", "", "system_knowledge", "5", "sentinel", "",
                "h:99999", "mymaster", "", "", false, "", false, true).problems()).containsOnlyKeys("sentinels");
    }

    @Test
    void savingKeepsOtherKeysWritesTheTypedKeyToA0600FileAndNeverIntoWorkspaceJson() throws Exception {
        Workspace ws = load("{\"name\": \"w\", \"reviewer\": \"joel\", \"custom\": {\"keep\": true}, \"index\": {\"backend\": \"lucene\", \"embeddingDimensions\": 8}}");
        ConnectionProfile p = ConnectionProfile.of(ws);
        ConnectionProfile edited = new ConnectionProfile("typesense", "https://ts-1:8108\nhttps://ts-2:8108/api", "file",
                p.keyEnv(), p.keyFile(), "system_knowledge", "7", "cluster", "", "", "", "r1:7000, r2:7001", "console",
                true, "REDIS_PASSWORD", true, false);
        edited.save(dir, "typed-secret-123", TYPESENSE);
        Path key = dir.resolve(ConnectionProfile.DEFAULT_KEY_FILE);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(key))).isEqualTo("rw-------");
        String json = Files.readString(dir.resolve("workspace.json"));
        assertThat(json).doesNotContain("typed-secret-123").contains("\"custom\"").contains("\"embeddingDimensions\": 8");
        Workspace again = Fixtures.loader(dir.toString()).load(dir);
        assertThat(again.index().nodes()).containsExactly("https://ts-1:8108", "https://ts-2:8108/api");
        assertThat(again.index().apiKeyFile()).isEqualTo(ConnectionProfile.DEFAULT_KEY_FILE);
        assertThat(again.index().timeoutSeconds()).isEqualTo(7);
        assertThat(again.redis().cluster()).containsExactly("r1:7000", "r2:7001");
        assertThat(again.redis().user()).isEqualTo("console");
        assertThat(again.redis().tls()).isTrue();
        assertThat(again.readOnly()).isTrue();
        assertThat(SemanticSettings.of(again).enabled()).isFalse();
        assertThat(ConnectionProfile.of(again).semantic()).isFalse();
        assertThat(new Secrets(Map.of()).typesenseKey(again.index(), dir)).isEqualTo("typed-secret-123");
        assertThat(ConnectionProfile.of(again).keyStatus(dir, Map.of())).startsWith("A key is saved in").endsWith("(not shown).");

        ConnectionProfile broken = new ConnectionProfile("typesense", "", "env", "K", "", "c", "5", "none", "", "", "", "",
                "", false, "", false, true);
        assertThrows(WorkspaceException.class, () -> broken.save(dir, null, TYPESENSE));
        assertThat(Fixtures.loader(dir.toString()).load(dir).index().nodes()).hasSize(2);
    }
}
