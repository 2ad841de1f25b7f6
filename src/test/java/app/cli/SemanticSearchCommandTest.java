package app.cli;

import static app.cli.DemoCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The headless face of semantic recall: sync embeds, and search --budget/--mode differ as the README says. */
@Tag("model")
class SemanticSearchCommandTest {

    @TempDir
    static Path tmp;

    private static String ws;
    private static DemoCommandTest.Run sync;
    private final ObjectMapper json = new ObjectMapper();

    @BeforeAll
    static void demo() {
        ws = tmp.resolve("ws").toString();
        assertEquals(0, run("demo", ws).code());
        sync = run("sync", "--workspace", ws);
    }

    private JsonNode search(String... args) throws Exception {
        String[] all = new String[args.length + 3];
        System.arraycopy(args, 0, all, 0, args.length);
        all[args.length] = "--workspace";
        all[args.length + 1] = ws;
        all[args.length + 2] = "--json";
        DemoCommandTest.Run r = run(all);
        assertEquals(0, r.code(), r.err());
        return json.readTree(r.out());
    }

    @Test
    void syncEmbedsEveryDocumentAndASecondSyncEmbedsNothing() {
        assertEquals(0, sync.code(), sync.err());
        assertThat(sync.out()).containsPattern("Embeddings: embedded \\d{3} \\(\\d+ from cache\\)");
        assertThat(run("sync", "--workspace", ws).out()).contains("Embeddings: embedded 0 (0 from cache)");
    }

    @Test
    void leanIsKeywordOnlyBalancedAndDeepAddMeaning() throws Exception {
        String question = "the agent forgets what it learned";
        JsonNode lean = search("search", question, "--budget", "lean");
        JsonNode balanced = search("search", question, "--budget", "balanced");
        JsonNode deep = search("search", question, "--budget", "deep");
        JsonNode balancedByWords = search("search", question, "--budget", "balanced", "--mode", "keyword");
        assertThat(lean.get("retrieval").asText()).isEqualTo("keyword");
        assertThat(balanced.get("retrieval").asText()).isEqualTo("hybrid");
        assertThat(deep.get("retrieval").asText()).isEqualTo("hybrid");
        assertThat(balanced.get("context").asText()).contains("by keyword and meaning");
        assertThat(lean.get("context").asText()).contains("candidates, by keyword)").doesNotContain("meaning");
        // meaning brings in the ADRs about memory that share no word with the question
        assertThat(balanced.get("injected").toString()).isNotEqualTo(balancedByWords.get("injected").toString());
        assertThat(deep.get("injected").size()).isGreaterThanOrEqualTo(balanced.get("injected").size());
    }

    @Test
    void searchingByMeaningWithoutEmbeddingsSaysSoAndFallsBackToWords() {
        String fresh = tmp.resolve("fresh").toString();
        assertEquals(0, run("demo", fresh).code());
        assertEquals(0, run("sync", "--no-embeddings", "--workspace", fresh).code());
        DemoCommandTest.Run r = run("search", "idempotency", "--mode", "dense", "--workspace", fresh);
        assertEquals(0, r.code(), r.err());
        assertThat(r.err()).contains("warning: no embeddings to search by meaning (run sync first, without --no-embeddings); searched by keyword only.");
        assertThat(r.out()).contains("idempotency");
    }

    @Test
    void plainSearchTakesAModeAndRefusesAnUnknownOne() throws Exception {
        JsonNode dense = search("search", "make sure a customer is never mailed twice", "--mode", "dense", "--limit", "3");
        assertThat(dense.get("hits").get(0).get("title").asText()).startsWith("Every step that sends email");
        DemoCommandTest.Run bad = run("search", "x", "--mode", "vibes", "--workspace", ws);
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("Invalid value for option '--mode': \"vibes\" is not a retrieval mode; use one of "
                + "keyword, dense, hybrid.");
    }

    @Test
    void benchRecallPrintsItsScoresAsJsonWhenAsked() throws Exception {
        DemoCommandTest.Run r = run("bench", "recall", "--quality-only", "--json");
        assertEquals(0, r.code(), r.err());
        JsonNode quality = json.readTree(r.out()).get("quality");
        assertThat(quality.get("questions").asInt()).isEqualTo(72 + 74); // the tuning split and the held-out split
        List<String> rows = new ArrayList<>();
        quality.get("scores").forEach(s -> rows.add(s.get("variant").asText() + " / " + s.get("split").asText()));
        assertThat(rows).contains("lean (shipped: keyword) / tuning", "deep (shipped: hybrid) / held-out",
                "deep · reciprocal-rank fusion / held-out", "deep · dense only / tuning");
        assertThat(quality.get("scores").get(0).get("mrr").asDouble()).isBetween(0.0, 1.0);
        // the other models are not the console's dependencies: without them on the class path the benchmark says so
        assertThat(quality.get("notes").toString()).contains("bge-small-en-v1.5-q: not on the class path");
    }
}
