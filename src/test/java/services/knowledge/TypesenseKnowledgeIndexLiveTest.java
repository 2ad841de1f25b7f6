package services.knowledge;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.util.List;

/**
 * The same contract against a real Typesense server — only when {@code TYPESENSE_URL} (a node URL, e.g.
 * {@code http://localhost:8108}) and {@code TYPESENSE_API_KEY} are set; otherwise every test is skipped with that
 * reason. Each test works in a collection of its own ({@code bc_contract_<n>}) and drops it afterwards.
 */
class TypesenseKnowledgeIndexLiveTest extends KnowledgeIndexContract {

    private static final String URL = System.getenv("TYPESENSE_URL");
    private static final String KEY = System.getenv("TYPESENSE_API_KEY");
    private String collection;

    private TypesenseKnowledgeIndex open() {
        return new TypesenseKnowledgeIndex(new TypesenseIndexSettings(List.of(URL), KEY == null ? "" : KEY,
                collection, Duration.ofSeconds(5), 4, 100, 3, Duration.ofMillis(200)));
    }

    @Override
    protected KnowledgeIndex openEmpty() {
        assumeTrue(URL != null && !URL.isBlank(), "TYPESENSE_URL is not set: the Typesense contract suite needs a real "
                + "server (README, 'Typesense'); the HTTP-level tests ran instead");
        collection = "bc_contract_" + System.nanoTime();
        TypesenseKnowledgeIndex index = open();
        index.recreate();
        return index;
    }

    @Override
    protected KnowledgeIndex reopen() {
        return open();
    }

    @Override
    protected void dispose() {
        if (collection == null) {
            return;
        }
        try (TypesenseKnowledgeIndex index = open()) {
            index.drop();
        }
    }
}
