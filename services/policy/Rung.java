package services.policy;

import java.util.Locale;
import java.util.Optional;

/**
 * A surface's rung on the promotion ladder: {@code forbidden} (never changed without a person, no ladder up),
 * {@code gated} (a person decides) or {@code auto} (the console may apply).
 */
public enum Rung {
    FORBIDDEN, GATED, AUTO;

    /** The name used in {@code workspace.json}, the decision log and the CLI. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<Rung> of(String text) {
        if (text == null) {
            return Optional.empty();
        }
        for (Rung r : values()) {
            if (r.key().equals(text.strip().toLowerCase(Locale.ROOT))) {
                return Optional.of(r);
            }
        }
        return Optional.empty();
    }

    /** The dial level a proposal on a surface at this rung gets: auto applies, the others wait for a person. */
    public Level level() {
        return this == AUTO ? Level.AUTO : Level.MANUAL;
    }
}
