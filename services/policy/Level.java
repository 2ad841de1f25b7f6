package services.policy;

import java.util.Locale;
import java.util.Optional;

/** How much the console may do on its own with a proposal: apply it, apply it pending a person's confirmation, or wait. */
public enum Level {
    AUTO, SUPERVISED, MANUAL;

    /** The name used in {@code workspace.json}, the trailers and the CLI: auto, supervised, manual. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<Level> of(String text) {
        if (text == null) {
            return Optional.empty();
        }
        for (Level l : values()) {
            if (l.key().equals(text.strip().toLowerCase(Locale.ROOT))) {
                return Optional.of(l);
            }
        }
        return Optional.empty();
    }

    /** Whether the console applies a proposal at this level without a person. */
    public boolean applies() {
        return this != MANUAL;
    }
}
