package services.knowledge;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import services.errors.ConsoleException;
import services.workspace.ConnectionProfile;
import services.workspace.IndexField;
import services.workspace.IndexSettings;
import services.workspace.Secrets;
import services.workspace.Workspace;
import services.workspace.WorkspaceException;

/**
 * A Typesense cluster ({@code "backend": "typesense"}): its nodes, the API key from a variable or a 0600 file, the
 * collection and the timeout of each request; the Settings screen shows those fields and tests each node.
 */
public final class TypesenseBackend implements IndexBackend {

    public static final String NAME = "typesense";

    private static final List<IndexField> FIELDS = List.of(
            new IndexField("nodes", "Typesense nodes", "one URL per line: protocol, host, port, path",
                    "https://ts-1:8108 — one node per line", IndexField.Kind.LINES, false),
            new IndexField("key", "API key from", "env: a variable that holds the key · file: a file that holds it "
                    + "(mode 0600)", "TYPESENSE_API_KEY", IndexField.Kind.SECRET_SOURCE, true),
            new IndexField("collection", "Collection", "the Typesense collection the knowledge is in",
                    "system_knowledge", IndexField.Kind.TEXT, false),
            new IndexField("timeout", "Timeout (s)", "for each request: 1 to 600 seconds", "5",
                    IndexField.Kind.NUMBER, false));

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "typesense: its nodes, key and collection appear below";
    }

    @Override
    public List<IndexField> fields() {
        return FIELDS;
    }

    @Override
    public boolean embedded() {
        return false;
    }

    /** A Typesense collection is the running system's: its agents recall from it and critical.db exports it. */
    @Override
    public boolean sharedWithRunningSystem() {
        return true;
    }

    @Override
    public String where(IndexSettings settings) {
        return "Typesense " + settings.collection();
    }

    @Override
    public void check(IndexSettings settings, Path file) {
        if (settings.nodes().isEmpty()) {
            throw new WorkspaceException(file + " key 'index.nodes': the typesense backend needs at least one node URL.");
        }
    }

    @Override
    public Map<String, String> problems(ConnectionProfile form) {
        Map<String, String> out = new LinkedHashMap<>();
        if (ConnectionProfile.lines(form.nodes()).isEmpty()) {
            out.put("nodes", "Typesense needs at least one node URL, one per line.");
        }
        String key = form.keyProblem();
        if (key != null) {
            out.put("key", key);
        }
        return out;
    }

    @Override
    public KnowledgeIndex open(IndexSettings settings, Workspace workspace, Parts parts) {
        if (settings.nodes().isEmpty()) {
            throw new ConsoleException("No Typesense node is configured: add \"nodes\" (and \"apiKeyEnv\" or "
                    + "\"apiKeyFile\") to the \"index\" key of " + workspace.dir().resolve(Workspace.FILE_NAME) + ".");
        }
        return new TypesenseKnowledgeIndex(TypesenseIndexSettings.of(settings.nodes(),
                parts.secrets().typesenseKey(settings, workspace.dir()), settings.collection(),
                settings.timeoutSeconds(), settings.embeddingDimensions()));
    }

    @Override
    public String testLabel() {
        return "Test Typesense connection";
    }

    @Override
    public Probe probe(IndexSettings settings, Path workspaceDir, Secrets secrets, String typedKey) {
        TypesenseProbe probe = new TypesenseProbe();
        return typedKey == null || typedKey.isBlank() ? probe.test(settings, workspaceDir, secrets)
                : probe.testWithKey(settings, typedKey.strip());
    }
}
