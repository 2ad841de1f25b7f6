package services.recall;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The deep budget's query rewrite: drops the words that make a question a question ("how do I", "should we"),
 * and adds the vocabulary the knowledge base uses for a few common ideas ("twice" → idempotency, duplicate).
 */
final class QueryRewriter {

    private static final Set<String> FILLER = Set.of("how", "do", "does", "did", "i", "we", "you", "they", "what",
            "which", "when", "where", "why", "who", "should", "can", "could", "would", "is", "are", "was", "were",
            "the", "a", "an", "to", "of", "in", "on", "for", "with", "about", "it", "this", "that", "there", "be",
            "our", "my", "me", "us", "avoid", "keep", "make", "get", "and", "or", "not", "any", "some");

    private static final Map<String, List<String>> RELATED = Map.ofEntries(
            Map.entry("twice", List.of("duplicate", "idempotency")),
            Map.entry("duplicate", List.of("idempotency", "twice")),
            Map.entry("retry", List.of("retried", "retries", "idempotency")),
            Map.entry("retries", List.of("retry", "idempotency")),
            Map.entry("email", List.of("message", "send")),
            Map.entry("flaky", List.of("quarantine", "network", "tests")),
            Map.entry("stuck", List.of("stall", "nanny", "restart")),
            Map.entry("search", List.of("retrieval", "recall", "typesense")),
            Map.entry("remember", List.of("memory", "knowledge", "lessons")),
            Map.entry("broken", List.of("failed", "failure")),
            Map.entry("failing", List.of("failed", "failure")),
            Map.entry("secret", List.of("secrets", "key", "leak")),
            Map.entry("cost", List.of("budget", "tokens")),
            Map.entry("timezone", List.of("utc", "time", "zones")));

    String rewrite(String question) {
        LinkedHashSet<String> terms = new LinkedHashSet<>();
        for (String word : question.toLowerCase(Locale.ROOT).split("[^a-z0-9_-]+")) {
            if (word.isBlank() || FILLER.contains(word)) {
                continue;
            }
            terms.add(word);
            terms.addAll(RELATED.getOrDefault(word, List.of()));
        }
        return String.join(" ", terms);
    }
}
