package services.recall;

import java.util.List;
import java.util.Locale;
import services.knowledge.KnowledgeQuery;

/**
 * The recall budget profiles, as {@code joelclaw recall} plans them ({@code resolveBudgetPlan} in the running
 * system's {@code packages/sdk/src/capabilities/adapters/typesense-recall.ts}): lean fetches 1.8 × the limit and
 * injects at most 5 without rewriting the question; balanced fetches 3 × and injects at most 10 with the rewrite;
 * deep fetches 5 × and injects at most 10 with the rewrite. With the CLI's default {@code --limit 5} each injects
 * 5; the fetch is {@code min(max(⌈limit × multiplier⌉, limit + 4), 60)} with the limit capped at 10. No budget
 * restricts the types searched (upstream has no such rule): every type is a candidate.
 * <p>
 * What the console adds: how candidates are found — lean by keyword only, balanced and deep by keyword and meaning
 * fused (where the index has embeddings) — and, since upstream's rewrite is a language-model call, a
 * deterministic rewrite ({@link QueryRewriter}) in its place, skipped where upstream skips it.
 */
public enum RecallBudget {
    LEAN(1.8, 5, false, 160, KnowledgeQuery.Retrieval.KEYWORD),
    BALANCED(3, 10, true, 320, KnowledgeQuery.Retrieval.HYBRID),
    DEEP(5, 10, true, 600, KnowledgeQuery.Retrieval.HYBRID);

    /** {@code joelclaw recall --limit}'s default. */
    public static final int DEFAULT_LIMIT = 5;
    /** Upstream's {@code MAX_INJECT}: no budget or limit injects more. */
    public static final int MAX_INJECT = 10;
    /** Upstream's ceiling on the candidates fetched. */
    public static final int MAX_FETCH = 60;

    private final double fetchMultiplier;
    private final int maxInject;
    private final boolean rewrite;
    private final int excerptChars;
    private final KnowledgeQuery.Retrieval retrieval;

    RecallBudget(double fetchMultiplier, int maxInject, boolean rewrite, int excerptChars,
                 KnowledgeQuery.Retrieval retrieval) {
        this.fetchMultiplier = fetchMultiplier;
        this.maxInject = maxInject;
        this.rewrite = rewrite;
        this.excerptChars = excerptChars;
        this.retrieval = retrieval;
    }

    /** Types searched; empty: every type (no budget restricts them). */
    public List<String> types() {
        return List.of();
    }

    public double fetchMultiplier() {
        return fetchMultiplier;
    }

    /** At most this many injected, whatever the limit. */
    public int maxInject() {
        return maxInject;
    }

    /** Candidates fetched for this limit: {@code min(max(⌈min(limit, 10) × multiplier⌉, min(limit, 10) + 4), 60)}. */
    public int fetched(int limit) {
        int bounded = Math.min(Math.max(limit, 1), MAX_INJECT);
        return Math.min(Math.max((int) Math.ceil(bounded * fetchMultiplier), bounded + 4), MAX_FETCH);
    }

    /** Injected at most for this limit: {@code min(max(limit, 1), maxInject, 10)}. */
    public int injected(int limit) {
        return Math.min(Math.min(Math.max(limit, 1), maxInject), MAX_INJECT);
    }

    /** Candidates fetched at the default limit. */
    public int candidates() {
        return fetched(DEFAULT_LIMIT);
    }

    /** Injected at most at the default limit. */
    public int injectCap() {
        return injected(DEFAULT_LIMIT);
    }

    /** Whether the budget rewrites questions at all (see {@link #rewriteSkipReason} for the ones it leaves). */
    public boolean rewrite() {
        return rewrite;
    }

    /** Whether this question is rewritten under this budget. */
    public boolean rewrites(String question) {
        return rewrite && rewriteSkipReason(question) == null;
    }

    public int excerptChars() {
        return excerptChars;
    }

    /** Keyword only (lean), or keyword and embeddings fused (balanced, deep) where the index has embeddings. */
    public KnowledgeQuery.Retrieval retrieval() {
        return retrieval;
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Upstream's {@code normalizeQuery}: trimmed, runs of white space made one space, at most 300 characters. */
    static String normalize(String question) {
        String q = question == null ? "" : question.strip().replaceAll("\\s+", " ");
        return q.length() > 300 ? q.substring(0, 300) : q;
    }

    /**
     * {@code auto}, as upstream decides it: deep when the normalized question is longer than 90 characters or
     * contains " and " or "why" (as written: case-sensitive, "why" anywhere — "Why do loops stall?" is balanced),
     * balanced otherwise. Auto never picks lean.
     */
    public static RecallBudget auto(String question) {
        String q = normalize(question);
        return q.length() > 90 || q.contains(" and ") || q.contains("why") ? DEEP : BALANCED;
    }

    /** Why upstream's auto chose what it chose ({@code auto-complex-query} or {@code auto-default}). */
    public static String autoReason(String question) {
        return auto(question) == DEEP ? "auto-complex-query" : "auto-default";
    }

    /**
     * Why upstream would not rewrite this question (its {@code detectRewriteSkipReason}; its "no rewrite under 4
     * characters" is within "short"), or null when it would: empty, a quoted literal, a path or identifier, a command ("show …",
     * "find …"), or short (at most 24 characters and 3 words).
     */
    public static String rewriteSkipReason(String question) {
        String q = normalize(question);
        if (q.isEmpty()) {
            return "skip.empty_query";
        }
        if ((q.startsWith("\"") && q.endsWith("\"")) || (q.startsWith("'") && q.endsWith("'"))) {
            return "skip.literal_query";
        }
        if (q.matches("[\\w./:-]+") && q.matches(".*[/:.-].*")) {
            return "skip.direct_identifier";
        }
        if (q.matches("(?iu)^(show|find|list|get|open)\\b.*")) {
            return "skip.command_like";
        }
        if (q.length() <= 24 && q.split("\\s+").length <= 3) {
            return "skip.short_query";
        }
        return null;
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
