package services.workspace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import testsupport.Fixtures;

/** workspace.json's reviewBranch is checked by git's rules for ref names when the workspace opens. */
class ReviewBranchSettingTest {

    @TempDir
    Path home;

    private Path workspace(String branch) throws Exception {
        Path dir = Files.createDirectories(home.resolve("ws"));
        Files.writeString(dir.resolve("workspace.json"), new ObjectMapper().createObjectNode()
                .put("reviewBranch", branch).toString());
        return dir;
    }

    @ParameterizedTest
    @ValueSource(strings = {"../../../victim.txt", "HEAD", "a..b", "-x", "with space", "x.lock", "a/.b", "x/", "/x",
        "a//b", "a~1", "a^", "a:b", "a?", "a*", "a[b", "a\\b", "@", "a@{1}", "x.", "refs/heads/main", "a\nb",
        "a\u0000b", "a\u007Fb", ""})
    void anInvalidBranchNameIsRefusedNamingTheKey(String branch) throws Exception {
        Path dir = workspace(branch);
        WorkspaceException e = assertThrows(WorkspaceException.class, () -> Fixtures.loader("/home/joel").load(dir));
        assertThat(e.getMessage()).startsWith(dir.resolve("workspace.json") + " key 'reviewBranch': ");
        assertThat(e.getMessage()).doesNotContain("\n").doesNotContain("\u0000");
    }

    @ParameterizedTest
    @ValueSource(strings = {"brain/review", "review", "brain/review-2026.11", "dream/applied", "a_b/c-d"})
    void aValidBranchNameIsAccepted(String branch) throws Exception {
        assertEquals(branch, Fixtures.loader("/home/joel").load(workspace(branch)).reviewBranch());
    }
}
