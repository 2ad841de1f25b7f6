package services.workspace;

import java.util.List;

/**
 * The {@code index} key of workspace.json: {@code backend} names a registered backend (the first registered is
 * the default); the other keys are read for every backend and each backend uses the ones it needs
 * ({@link IndexBackendKeys#fields()}).
 */
public record IndexSettings(
        String backend,
        List<String> nodes,
        String apiKeyEnv,
        String apiKeyFile,
        String collection,
        int timeoutSeconds,
        int embeddingDimensions) {

    public IndexSettings {
        nodes = List.copyOf(nodes);
    }

    /** The settings of a workspace.json without an {@code index} key, for the default backend. */
    public static IndexSettings defaults(String backend) {
        return new IndexSettings(backend, List.of(), null, null, "system_knowledge", 5, 384);
    }

    /** The same settings naming another backend (a copy from one backend's index to another's). */
    public IndexSettings withBackend(String other) {
        return new IndexSettings(other, nodes, apiKeyEnv, apiKeyFile, collection, timeoutSeconds, embeddingDimensions);
    }
}
