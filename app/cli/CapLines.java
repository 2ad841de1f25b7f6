package app.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import services.review.caps.CapReview;
import services.review.caps.CapVerdict;
import services.review.caps.StaleItems;
import services.text.PlainText;

/** A proposal on a capped file in {@code proposals show}: the count, the trade (item out | item in), the stale items. */
final class CapLines {

    private CapLines() {
    }

    /** The {@code cap} object of the JSON; null for a file with no cap. */
    static Map<String, Object> json(Optional<CapReview> review) {
        if (review.isEmpty()) {
            return null;
        }
        CapVerdict v = review.get().verdict();
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("path", v.rule().path());
        out.put("heading", v.rule().heading());
        out.put("maxItems", v.rule().maxItems());
        out.put("itemsNow", v.before());
        out.put("itemsAfter", v.after());
        out.put("displaces", v.out());
        out.put("adds", v.in());
        out.put("refused", v.refusal());
        out.put("stale", review.get().stale().stream().map(s -> Map.of("item", s.text(), "validated",
                s.validated().toString(), "by", s.source())).toList());
        return out;
    }

    /** The text lines, from a new line; "" for a file with no cap. */
    static String text(Optional<CapReview> review) {
        if (review.isEmpty()) {
            return "";
        }
        CapVerdict v = review.get().verdict();
        StringBuilder t = new StringBuilder("\ncap: " + v.rule().label() + ": " + v.before() + " items now, "
                + v.after() + " after");
        if (v.trade()) {
            t.append("\n  trade: out ").append(PlainText.shown(v.out())).append(" | in ").append(PlainText.shown(v.in()));
        } else if (v.in() != null) {
            t.append("\n  adds: ").append(PlainText.shown(v.in()));
        }
        List<StaleItems.Stale> stale = review.get().stale();
        if (!stale.isEmpty()) {
            t.append("\n  stale (not validated for ").append(v.rule().staleAfterDays()).append(" days; flagged, never "
                    + "removed):");
            stale.forEach(s -> t.append("\n    ").append(PlainText.shown(s.text())).append(" — last validated ")
                    .append(s.validated()).append(" (").append(s.source().equals("git") ? "its line's last commit"
                    : "its validated: marker").append(')'));
        }
        return t.toString();
    }
}
