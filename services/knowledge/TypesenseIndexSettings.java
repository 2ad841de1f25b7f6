package services.knowledge;

import java.time.Duration;
import java.util.List;

/** How a Typesense index reaches its cluster. {@code attempts} per call (≥ 1), doubling {@code backoff} between them. */
public record TypesenseIndexSettings(List<String> nodes, String apiKey, String collection, Duration timeout,
                                     int embeddingDimensions, int batchSize, int attempts, Duration backoff) {

    public TypesenseIndexSettings {
        nodes = List.copyOf(nodes);
    }

    public static TypesenseIndexSettings of(List<String> nodes, String apiKey, String collection, int timeoutSeconds,
                                            int embeddingDimensions) {
        return new TypesenseIndexSettings(nodes, apiKey, collection, Duration.ofSeconds(timeoutSeconds),
                embeddingDimensions, 200, TypesenseConnection.attempts(nodes), TypesenseConnection.BACKOFF);
    }

    @Override
    public String toString() { // records print every field: never the key
        return "TypesenseIndexSettings[nodes=" + nodes + ", collection=" + collection + "]";
    }
}
