package services.workspace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import testsupport.Fixtures;

/** The workspace key {@code semantic}: on by default, and a wrong type named with its key and file. */
class SemanticSettingsTest {

    @TempDir
    Path dir;

    private Workspace workspace(String json) throws Exception {
        Files.writeString(dir.resolve("workspace.json"), json);
        return Fixtures.loader(dir.toString()).load(dir);
    }

    @Test
    void onUnlessTurnedOff() throws Exception {
        assertThat(SemanticSettings.of(workspace("{}")).enabled()).isTrue();
        assertThat(SemanticSettings.of(workspace("{\"semantic\": {}}")).enabled()).isTrue();
        assertThat(SemanticSettings.of(workspace("{\"semantic\": {\"enabled\": false}}")).enabled()).isFalse();
    }

    @Test
    void wrongTypesNameTheKeyAndTheFile() throws Exception {
        Workspace notAnObject = workspace("{\"semantic\": true}");
        assertThat(assertThrows(WorkspaceException.class, () -> SemanticSettings.of(notAnObject)).getMessage())
                .contains("workspace.json").contains("key 'semantic'").contains("{\"enabled\": true}");
        Workspace text = workspace("{\"semantic\": {\"enabled\": \"yes\"}}");
        assertThat(assertThrows(WorkspaceException.class, () -> SemanticSettings.of(text)).getMessage())
                .contains("key 'semantic.enabled'").contains("true or false").contains("\"yes\"");
    }
}
