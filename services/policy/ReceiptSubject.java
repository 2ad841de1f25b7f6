package services.policy;

import java.util.Optional;
import services.review.Proposal;
import services.text.KindWords;
import services.text.PlainText;

/**
 * The subject line of a change the dial applies: {@code retro(auto): <surface> — <one-line reason>}. The surface is
 * the name of the surface the target lies in, else the target's path; the reason is the proposal's own first line of
 * rationale (its title). Both come from files an agent writes, so each is made one line (a line break, a control or
 * a text-direction override is escaped, never kept) and cut.
 */
public final class ReceiptSubject {

    public static final String PREFIX = "retro(auto): ";
    static final int MAX_SURFACE = 80;
    static final int MAX_REASON = 100;

    private ReceiptSubject() {
    }

    /** The subject for {@code p}, whose target lies in {@code surface} (null: none is named; the path is shown). */
    public static String of(Proposal p, String surface) {
        return PREFIX + surfaceOf(p, surface) + " — " + reason(p);
    }

    static String surfaceOf(Proposal p, String surface) {
        return cut(PlainText.oneLine(surface != null ? surface : p.target() == null ? "(no target)" : p.target()),
                MAX_SURFACE);
    }

    /** The proposal's one-line reason: the first line of its rationale with any heading mark, else its kind. */
    public static String reason(Proposal p) {
        String first = p.rationale() == null ? "" : p.rationale().strip().lines().map(String::strip)
                .filter(l -> !l.isEmpty()).findFirst().orElse("");
        first = first.replaceFirst("^#+\\s*", "").strip();
        if (first.isEmpty()) {
            first = Optional.ofNullable(KindWords.of(p.kind())).orElse("change") + " proposed by " + p.id();
        }
        return cut(PlainText.oneLine(first), MAX_REASON);
    }

    /** At most {@code max} code points, the cut marked with an ellipsis; never a half surrogate pair. */
    static String cut(String text, int max) {
        if (text.codePointCount(0, text.length()) <= max) {
            return text;
        }
        return text.substring(0, text.offsetByCodePoints(0, max - 1)).strip() + "…";
    }
}
