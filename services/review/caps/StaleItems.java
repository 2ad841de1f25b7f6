package services.review.caps;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Items of a capped file not validated for the cap's {@code staleAfterDays}: flagged, never removed. An item is
 * validated on the date of its {@code validated: YYYY-MM-DD} marker (the soul principles' last-validated date,
 * e.g. {@code (validated: 2026-09-01)} at the end of the bullet); without one, on the day its line last changed on
 * the review branch (git blame). An item with neither date is not flagged.
 */
public final class StaleItems {

    /** A stale item: its text, the day it was last validated, and how that is known ("marker" or "git"). */
    public record Stale(String text, LocalDate validated, String source) {
    }

    private static final Pattern MARKER = Pattern.compile("(?i)validated:\\s*(\\d{4}-\\d{2}-\\d{2})");

    private StaleItems() {
    }

    /** The stale items of {@code markdown} under the rule's heading, in the file's order; none without staleAfterDays. */
    public static List<Stale> of(CapRule rule, String markdown, Map<Integer, Instant> lineDates, Instant now) {
        List<Stale> out = new ArrayList<>();
        if (rule.staleAfterDays() == null) {
            return out;
        }
        LocalDate cutoff = now.atOffset(ZoneOffset.UTC).toLocalDate().minusDays(rule.staleAfterDays());
        for (CappedItems.Item item : CappedItems.under(markdown, rule.heading())) {
            LocalDate marked = marker(item.text());
            Instant touched = lineDates.get(item.line());
            LocalDate validated = marked != null ? marked : touched == null ? null
                    : touched.atOffset(ZoneOffset.UTC).toLocalDate();
            if (validated != null && validated.isBefore(cutoff)) {
                out.add(new Stale(item.text(), validated, marked != null ? "marker" : "git"));
            }
        }
        return out;
    }

    /** The latest {@code validated:} date in an item's text, or null. */
    static LocalDate marker(String text) {
        LocalDate latest = null;
        Matcher m = MARKER.matcher(text);
        while (m.find()) {
            try {
                LocalDate d = LocalDate.parse(m.group(1));
                latest = latest == null || d.isAfter(latest) ? d : latest;
            } catch (DateTimeParseException notADate) {
                // 2026-13-40: not a date, no validation
            }
        }
        return latest;
    }
}
