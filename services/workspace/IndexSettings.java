package services.workspace;

import java.util.List;

/**
 * The {@code index} key of workspace.json. {@code backend} is {@code lucene} (embedded, the default) or
 * {@code typesense}; the Typesense fields are empty for Lucene.
 */
public record IndexSettings(
        String backend,
        List<String> nodes,
        String apiKeyEnv,
        String apiKeyFile,
        String collection,
        int timeoutSeconds,
        int embeddingDimensions) {

    public static final String LUCENE = "lucene";
    public static final String TYPESENSE = "typesense";
    /** The backends the console ships, in the order they are offered (a composition may register more). */
    public static final List<String> SHIPPED_BACKENDS = List.of(LUCENE, TYPESENSE);

    public IndexSettings {
        nodes = List.copyOf(nodes);
    }

    public static IndexSettings lucene() {
        return new IndexSettings(LUCENE, List.of(), null, null, "system_knowledge", 5, 384);
    }

    /** The same settings naming another backend (a copy between the embedded index and Typesense). */
    public IndexSettings withBackend(String other) {
        return new IndexSettings(other, nodes, apiKeyEnv, apiKeyFile, collection, timeoutSeconds, embeddingDimensions);
    }

    public boolean isLucene() {
        return LUCENE.equals(backend);
    }
}
