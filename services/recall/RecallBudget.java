package services.recall;

import java.util.List;
import java.util.Locale;
import services.knowledge.KnowledgeQuery;

/**
 * The recall budget profiles (the seeds' ADR-0096, defined here since upstream never varied them): which types
 * are searched, how many candidates are fetched, how many are injected, whether the question is rewritten, how
 * long each excerpt is, how many hits one type may take (diversity), and how candidates are found: lean by
 * keyword only, balanced by keyword and meaning fused, deep like balanced with the question rewritten and a
 * larger pool.
 */
public enum RecallBudget {
    LEAN(List.of("lesson", "pattern", "failed_target"), 8, 3, false, 160, 3, KnowledgeQuery.Retrieval.KEYWORD),
    BALANCED(List.of("lesson", "pattern", "failed_target", "adr", "skill", "retro"), 25, 5, false, 320, 3,
            KnowledgeQuery.Retrieval.HYBRID),
    DEEP(List.of(), 60, 10, true, 600, 4, KnowledgeQuery.Retrieval.HYBRID);

    private final List<String> types;
    private final int candidates;
    private final int injectCap;
    private final boolean rewrite;
    private final int excerptChars;
    private final int perTypeCap;
    private final KnowledgeQuery.Retrieval retrieval;

    RecallBudget(List<String> types, int candidates, int injectCap, boolean rewrite, int excerptChars, int perTypeCap,
                 KnowledgeQuery.Retrieval retrieval) {
        this.retrieval = retrieval;
        this.types = types;
        this.candidates = candidates;
        this.injectCap = injectCap;
        this.rewrite = rewrite;
        this.excerptChars = excerptChars;
        this.perTypeCap = perTypeCap;
    }

    /** Types searched; empty means every type. */
    public List<String> types() {
        return types;
    }

    public int candidates() {
        return candidates;
    }

    public int injectCap() {
        return injectCap;
    }

    public boolean rewrite() {
        return rewrite;
    }

    public int excerptChars() {
        return excerptChars;
    }

    public int perTypeCap() {
        return perTypeCap;
    }

    /** Keyword only (lean), or keyword and embeddings fused (balanced, deep) where the index has embeddings. */
    public KnowledgeQuery.Retrieval retrieval() {
        return retrieval;
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** {@code auto}: deep for long questions (more than 12 words) or ones asking "why" or joining with "and". */
    public static RecallBudget auto(String question) {
        String q = " " + question.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9 ]", " ") + " ";
        int words = question.strip().isEmpty() ? 0 : question.strip().split("\\s+").length;
        return words > 12 || q.contains(" why ") || q.contains(" and ") ? DEEP : BALANCED;
    }

    /** Parses lean, balanced, deep or auto (case-insensitive); auto needs the question. */
    public static RecallBudget parse(String name, String question) {
        String n = name.strip().toLowerCase(Locale.ROOT);
        if (n.equals("auto")) {
            return auto(question);
        }
        for (RecallBudget b : values()) {
            if (b.label().equals(n)) {
                return b;
            }
        }
        throw new IllegalArgumentException("Unknown budget \"" + name + "\": use lean, balanced, deep or auto.");
    }
}
