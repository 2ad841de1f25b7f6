package services.embedding;

/**
 * How a hybrid search turns its two candidate lists into one: by a weighted sum of scores
 * ({@link Fusion#WEIGHTED}: {@code w · similarity + (1 − w) · bm25 / best bm25 · overlap}) or by reciprocal
 * ranks ({@link Fusion#RRF}: {@code 1 / (60 + keyword rank) + 1 / (60 + meaning rank)}), and how many dense
 * candidates are weighed beyond the page ({@code densePool}: 0 = as many as the page). {@link #DEFAULT} is what
 * ships; the others are the recall benchmark's variants (README: the recall benchmark).
 */
public record Ranking(Fusion fusion, double denseWeight, int densePool) {

    public enum Fusion { WEIGHTED, RRF }

    /** The shipped ranking (the weight can be overridden with {@code -Dbrainconsole.denseWeight} to measure). */
    public static final Ranking DEFAULT = new Ranking(Fusion.WEIGHTED,
            Double.parseDouble(System.getProperty("brainconsole.denseWeight", "0.8")), 0);

    /** Reciprocal-rank fusion's constant (Cormack et al., 2009). */
    static final int RRF_K = 60;

    public Ranking {
        if (denseWeight < 0 || denseWeight > 1) {
            throw new IllegalArgumentException("The dense weight must be between 0 and 1, not " + denseWeight);
        }
    }

    public Ranking withFusion(Fusion f) {
        return new Ranking(f, denseWeight, densePool);
    }

    public Ranking withDenseWeight(double w) {
        return new Ranking(fusion, w, densePool);
    }

    public Ranking withDensePool(int pool) {
        return new Ranking(fusion, denseWeight, pool);
    }
}
