package services.vault;

/**
 * The ADR priority rubric (formats.md part 3): need, readiness and confidence 0–5, novelty 0–5 (default 3),
 * score 0–100 and band.
 */
public record PriorityRubric(int need, int readiness, int confidence, int novelty) {

    public static final int DEFAULT_NOVELTY = 3;

    public int score() {
        long base = Math.round(20 * (0.5 * need + 0.3 * readiness + 0.2 * confidence));
        long bonus = Math.round((novelty - 3) * 5.0);
        return (int) Math.max(0, Math.min(100, base + bonus));
    }

    public String band() {
        return bandOf(score());
    }

    public static String bandOf(int score) {
        if (score >= 80) {
            return "do-now";
        }
        if (score >= 60) {
            return "next";
        }
        return score >= 40 ? "de-risk" : "park";
    }

    /** A pitch needs readiness ≥ 3, confidence ≥ 3, and band do-now or next. */
    public boolean pitchable() {
        return readiness >= 3 && confidence >= 3 && score() >= 60;
    }
}
