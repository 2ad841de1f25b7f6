package services.workspace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Changing workspace.json writes only what changed and keeps the user's formatting and key order. */
class WorkspaceFileTest {

    @TempDir
    Path tmp;

    private static final String USERS = """
            {
                "name":   "joel",
                "vault" : "~/Vault",
                "zzz-custom": {"keep": [1, 2,   3]},
                "index": {
                    "backend": "lucene"
                },
                "readOnly": false,
                "aaa-last": true
            }
            """;

    private String change(String before, Consumer<ObjectNode> c)
            throws Exception {
        Files.writeString(tmp.resolve("workspace.json"), before);
        new WorkspaceFile(tmp).update(c);
        String after = Files.readString(tmp.resolve("workspace.json"));
        new ObjectMapper().readTree(after); // still JSON
        return after;
    }

    @Test
    void aChangedValueIsReplacedWhereItStands() throws Exception {
        assertEquals(USERS.replace("\"readOnly\": false", "\"readOnly\": true"),
                change(USERS, root -> root.put("readOnly", true)));
        assertEquals(USERS.replace("\"backend\": \"lucene\"", "\"backend\": \"typesense\""),
                change(USERS, root -> root.putObject("index").put("backend", "typesense")));
    }

    @Test
    void aNewKeyGoesAtTheEndOfItsObjectInItsIndentation() throws Exception {
        String after = change(USERS, root -> ((ObjectNode) root.get("index"))
                .put("collection", "system_knowledge"));
        assertEquals(USERS.replace("\"backend\": \"lucene\"\n", "\"backend\": \"lucene\",\n        \"collection\": \"system_knowledge\"\n"),
                after);
        String top = change(USERS, root -> root.putObject("semantic").put("enabled", false));
        assertEquals(USERS.replace("\"aaa-last\": true\n", "\"aaa-last\": true,\n    \"semantic\": {\"enabled\": false}\n"), top);
    }

    @Test
    void aRemovedKeyTakesItsCommaWithIt() throws Exception {
        assertEquals(USERS.replace("    \"readOnly\": false,\n", ""), change(USERS, root -> root.remove("readOnly")));
        String oneLine = "{\"a\": 1, \"b\": 2}";
        assertEquals("{\"b\": 2}", change(oneLine, root -> root.remove("a")));
        assertEquals("{\"a\": 1}", change(oneLine, root -> root.remove("b")));
        assertEquals("{\"a\": 1, \"c\": [\"x\"]}", change("{\"a\": 1}", root -> root.putArray("c").add("x")));
    }

    @Test
    void aChangeThatChangesNothingDoesNotWriteTheFile() throws Exception {
        Path file = tmp.resolve("workspace.json");
        Files.writeString(file, USERS);
        Files.setLastModifiedTime(file, FileTime.fromMillis(1_000_000));
        assertFalse(new WorkspaceFile(tmp).update(root -> root.put("readOnly", false)));
        assertEquals(1_000_000, Files.getLastModifiedTime(file).toMillis());
        assertThat(Files.readString(file)).isEqualTo(USERS);
    }
}
