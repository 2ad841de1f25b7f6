package services.workspace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import testsupport.Fixtures;

class WorkspaceLoaderTest {

    @TempDir
    Path home;

    private final WorkspaceLoader loader = Fixtures.loader("/home/joel");

    private Path workspace(String json) throws Exception {
        Path dir = Files.createDirectories(home.resolve("ws"));
        Files.writeString(dir.resolve("workspace.json"), json);
        return dir;
    }

    @Test
    void resolvesRelativePathsAndExpandsHomeAndKeepsUnknownKeys() throws Exception {
        Path dir = workspace("""
                {"name": "joel", "vault": "vault", "skillsRepo": "~/Code/skills", "custom": {"keep": 1},
                 "failedTargetTtlDays": 3, "readOnly": true}
                """);
        Files.createDirectories(dir.resolve("vault"));
        Workspace ws = loader.load(dir);
        assertEquals("joel", ws.name());
        assertEquals(dir.resolve("vault"), ws.vault());
        assertEquals(Path.of("/home/joel/Code/skills"), ws.skillsRepo());
        assertEquals(3, ws.failedTargetTtlDays());
        assertTrue(ws.readOnly());
        assertEquals(1, ws.raw().get("custom").get("keep").asInt());
        assertEquals("lucene", ws.index().backend());
        assertEquals(dir.resolve("vault/docs/decisions"), ws.adrDir());
    }

    @Test
    void missingFoldersAreProblemsNamingKeyAndPathButTheWorkspaceOpens() throws Exception {
        Path dir = workspace("{\"vault\": \"nowhere\"}");
        Workspace ws = loader.load(dir);
        assertThat(ws.problems()).extracting(WorkspaceProblem::message)
                .contains("vault: " + dir.resolve("nowhere") + " does not exist");
    }

    @Test
    void aFileWhereAFolderIsExpectedIsAProblem() throws Exception {
        Path dir = workspace("{\"vault\": \"file.txt\"}");
        Files.writeString(dir.resolve("file.txt"), "x");
        assertThat(loader.load(dir).problems()).extracting(WorkspaceProblem::message)
                .contains("vault: " + dir.resolve("file.txt") + " is a file, not a folder");
    }

    @Test
    void missingFolderIsRefusedWithItsPath() {
        Path missing = home.resolve("nope");
        WorkspaceException e = assertThrows(WorkspaceException.class, () -> loader.load(missing));
        assertEquals("Workspace folder " + missing + " does not exist.", e.getMessage());
    }

    @Test
    void aFileInsteadOfAFolderIsRefused() throws Exception {
        Path file = Files.writeString(home.resolve("f"), "x");
        assertEquals("Workspace " + file + " is a file, not a folder.",
                assertThrows(WorkspaceException.class, () -> loader.load(file)).getMessage());
    }

    @Test
    void missingWorkspaceJsonIsNamed() throws Exception {
        Path dir = Files.createDirectories(home.resolve("empty"));
        assertThat(assertThrows(WorkspaceException.class, () -> loader.load(dir)).getMessage())
                .startsWith("workspace.json is missing: " + dir.resolve("workspace.json"));
    }

    @Test
    void malformedJsonGivesLineAndColumn() throws Exception {
        Path dir = workspace("{\n  \"name\": \"x\",\n  \"vault\" \"v\"\n}");
        assertThat(assertThrows(WorkspaceException.class, () -> loader.load(dir)).getMessage())
                .startsWith(dir.resolve("workspace.json") + " line 3, column 11: not valid JSON");
    }

    @Test
    void emptyAndNonObjectFilesAreRefused() throws Exception {
        Path dir = workspace("");
        assertThat(assertThrows(WorkspaceException.class, () -> loader.load(dir)).getMessage()).contains("is empty");
        Files.writeString(dir.resolve("workspace.json"), "[1, 2]");
        assertThat(assertThrows(WorkspaceException.class, () -> loader.load(dir)).getMessage())
                .endsWith("the top level must be a JSON object, found a list.");
    }

    @Test
    void wrongTypesNameTheKey() throws Exception {
        Path dir = workspace("{\"failedTargetTtlDays\": \"seven\"}");
        assertEquals(dir.resolve("workspace.json") + " key 'failedTargetTtlDays': expected a whole number, found text \"seven\".",
                assertThrows(WorkspaceException.class, () -> loader.load(dir)).getMessage());
        Files.writeString(dir.resolve("workspace.json"), "{\"vault\": 42}");
        assertThat(assertThrows(WorkspaceException.class, () -> loader.load(dir)).getMessage())
                .endsWith("key 'vault': expected text, found a number 42.");
        Files.writeString(dir.resolve("workspace.json"), "{\"readOnly\": \"yes\"}");
        assertThat(assertThrows(WorkspaceException.class, () -> loader.load(dir)).getMessage())
                .endsWith("key 'readOnly': expected true or false, found text \"yes\".");
        Files.writeString(dir.resolve("workspace.json"), "{\"failedTargetTtlDays\": 0}");
        assertThat(assertThrows(WorkspaceException.class, () -> loader.load(dir)).getMessage())
                .endsWith("key 'failedTargetTtlDays': 0 is out of range (1 to 3650).");
    }

    @Test
    void indexSettingsAreChecked() throws Exception {
        Path dir = workspace("{\"index\": {\"backend\": \"elastic\"}}");
        assertThat(assertThrows(WorkspaceException.class, () -> loader.load(dir)).getMessage())
                .endsWith("key 'index.backend': unknown backend \"elastic\" (use \"lucene\" or \"typesense\").");
        Files.writeString(dir.resolve("workspace.json"), "{\"index\": {\"backend\": \"typesense\"}}");
        assertThat(assertThrows(WorkspaceException.class, () -> loader.load(dir)).getMessage())
                .endsWith("key 'index.nodes': the typesense backend needs at least one node URL.");
        Files.writeString(dir.resolve("workspace.json"),
                "{\"index\": {\"backend\": \"typesense\", \"nodes\": [\"https://ts-1:8108\", 7]}}");
        assertThat(assertThrows(WorkspaceException.class, () -> loader.load(dir)).getMessage())
                .endsWith("key 'index.nodes[1]': expected text, found a number 7.");
    }

    @Test
    void redisSettingsAreChecked() throws Exception {
        Path dir = workspace("{\"redis\": {\"url\": \"redis://127.0.0.1:6390/0\", \"passwordEnv\": \"REDIS_PASSWORD\"}}");
        RedisSettings redis = loader.load(dir).redis();
        assertEquals("redis://127.0.0.1:6390/0", redis.url());
        assertEquals("REDIS_PASSWORD", redis.passwordEnv());
        Files.writeString(dir.resolve("workspace.json"), "{\"redis\": null}");
        assertEquals(null, loader.load(dir).redis());
        Files.writeString(dir.resolve("workspace.json"), "{\"redis\": {\"url\": \"redis://:s3cret@host:6379\"}}");
        WorkspaceException password = assertThrows(WorkspaceException.class, () -> loader.load(dir));
        assertThat(password.getMessage()).contains("put no password in the URL").doesNotContain("s3cret");
        Files.writeString(dir.resolve("workspace.json"), "{\"redis\": {\"url\": \"http://host\"}}");
        assertThat(assertThrows(WorkspaceException.class, () -> loader.load(dir)).getMessage())
                .endsWith("key 'redis.url': \"http://host\" is not a redis:// or rediss:// URL.");
        Files.writeString(dir.resolve("workspace.json"), "{\"redis\": {\"sentinels\": [\"h:26379\"]}}");
        assertThat(assertThrows(WorkspaceException.class, () -> loader.load(dir)).getMessage())
                .endsWith("key 'redis.masterName': Sentinel needs the master's name.");
        Files.writeString(dir.resolve("workspace.json"), "{\"redis\": {\"url\": \"redis://h\", \"cluster\": [\"h:7000\"]}}");
        assertThat(assertThrows(WorkspaceException.class, () -> loader.load(dir)).getMessage())
                .contains("give exactly one of");
        Files.writeString(dir.resolve("workspace.json"), "{\"redis\": \"localhost\"}");
        assertThat(assertThrows(WorkspaceException.class, () -> loader.load(dir)).getMessage())
                .contains("key 'redis': expected null or an object");
    }

    @Test
    void unreadableFolderIsRefused() throws Exception {
        assumeFalse("root".equals(System.getProperty("user.name")), "running as root: every folder is readable");
        Path dir = workspace("{}");
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("---------"));
        try {
            assertEquals("Workspace folder " + dir + " cannot be read (permission denied).",
                    assertThrows(WorkspaceException.class, () -> loader.load(dir)).getMessage());
        } finally {
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        }
    }
}
