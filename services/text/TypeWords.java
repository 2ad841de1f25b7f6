package services.text;

import java.util.Locale;

/**
 * A knowledge document's type in words, as the window's headings and figures say it ("Retros", "Brain notes",
 * "Failed targets"): "ADR", "lesson", "pattern", "failed target", "retro", "brain note", "skill", "turn note". The
 * index's own code ({@code brain_note}) stays the filter value; this is how a line reads it.
 */
public final class TypeWords {

    private TypeWords() {
    }

    /** The type in words; a type the index does not name yet reads with spaces for its underscores. */
    public static String of(String type) {
        if (type == null || type.isBlank()) {
            return "document";
        }
        return switch (type) {
            case "adr" -> "ADR";
            case "failed_target" -> "failed target";
            case "brain_note" -> "brain note";
            case "turn_note" -> "turn note";
            default -> type.replace('_', ' ');
        };
    }

    /** The type in words at the start of a line: "Failed target", "Brain note", "ADR". */
    public static String heading(String type) {
        String words = of(type);
        return words.substring(0, 1).toUpperCase(Locale.ROOT) + words.substring(1);
    }
}
