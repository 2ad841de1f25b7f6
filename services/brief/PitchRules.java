package services.brief;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import services.text.CheckedNumber;
import services.text.HumanDuration;

/**
 * The running system's rules for pitching an ADR (its daily pitch, step "check-pitch-history"; running-system.md
 * part 5), applied to {@code adr:pitch:history}: no pitch while any pitch is pending; at most 3 pitches per UTC
 * day; none within 4 hours of the last rejection; an ADR rejected in the last 7 days is not pitched again. Each
 * refusal names its rule.
 */
public final class PitchRules {

    public static final int MAX_PER_DAY = 3;
    public static final Duration REJECTION_BACKOFF = Duration.ofHours(4);
    public static final Duration REJECTED_ADR = Duration.ofDays(7);

    /**
     * @param refusals   why no pitch may go out now, each starting with its rule; empty when a pitch is allowed
     * @param blockedAdrs ADRs rejected in the last 7 days and when each may be pitched again (not a refusal on its
     *                   own: another ADR may still be pitched)
     * @param notes      entries that could not be read (named by their position)
     */
    public record Verdict(List<String> refusals, Map<String, Instant> blockedAdrs, List<String> notes) {
        public boolean allowed() {
            return refusals.isEmpty();
        }
    }

    private PitchRules() {
    }

    /**
     * @param candidates the ADR numbers a pitch could choose from, or null when unknown; when every one of them was
     *                   rejected in the last 7 days, that refuses too
     */
    public static Verdict check(List<LoopState.Pitch> history, Instant now, Set<String> candidates) {
        List<String> refusals = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        List<Instant> at = new ArrayList<>();
        for (int i = 0; i < history.size(); i++) {
            Instant when = parse(history.get(i).pitchedAt());
            CheckedNumber.Checked plausible = when == null ? null : CheckedNumber.instant(when.toString(), now);
            if (when == null) {
                notes.add("pitch history entry " + (i + 1) + " (ADR-" + history.get(i).adr() + ") has no readable "
                        + "pitched_at (\"" + history.get(i).pitchedAt() + "\"): it counts for no time rule");
            } else if (!plausible.ok()) { // a rejection dated in 9999 would hold every pitch back for ever
                notes.add("pitch history entry " + (i + 1) + " (ADR-" + history.get(i).adr() + ") of adr:pitch:history "
                        + "has an implausible pitched_at: " + plausible.problem() + "; it counts for no time rule");
                when = null;
            }
            at.add(when);
        }
        history.stream().filter(p -> "pending".equals(p.response())).findFirst().ifPresent(p -> refusals.add(
                "pending pitch: ADR-" + p.adr() + " (pitched " + p.pitchedAt() + ") awaits an answer — no pitch while "
                        + "any pitch is pending"));
        LocalDate today = LocalDate.ofInstant(now, ZoneOffset.UTC);
        long todayCount = at.stream().filter(t -> t != null && LocalDate.ofInstant(t, ZoneOffset.UTC).equals(today))
                .count();
        if (todayCount >= MAX_PER_DAY) {
            refusals.add("daily cap: " + todayCount + " pitches today (UTC " + today + ") — at most " + MAX_PER_DAY
                    + " a day");
        }
        for (int i = history.size() - 1; i >= 0; i--) {
            if ("rejected".equals(history.get(i).response())) {
                Instant when = at.get(i);
                if (when != null && Duration.between(when, now).compareTo(REJECTION_BACKOFF) < 0) {
                    refusals.add("rejection backoff: ADR-" + history.get(i).adr() + " was rejected (pitched "
                            + HumanDuration.of(Duration.between(when, now).toMillis()) + " ago) — no pitch within 4 h "
                            + "of a rejection; next after " + seconds(when.plus(REJECTION_BACKOFF)));
                }
                break;
            }
        }
        Map<String, Instant> blocked = new LinkedHashMap<>();
        for (int i = 0; i < history.size(); i++) {
            Instant when = at.get(i);
            if ("rejected".equals(history.get(i).response()) && when != null
                    && Duration.between(when, now).compareTo(REJECTED_ADR) < 0) {
                blocked.merge(history.get(i).adr(), seconds(when.plus(REJECTED_ADR)), (a, b) -> a.isAfter(b) ? a : b);
            }
        }
        if (candidates != null && !candidates.isEmpty() && blocked.keySet().containsAll(candidates)) {
            refusals.add("rejected ADRs: every pitchable ADR (" + String.join(", ", candidates.stream().sorted().toList())
                    + ") was rejected in the last 7 days — an ADR rejected within 7 days is not pitched again");
        }
        return new Verdict(refusals, blocked, notes);
    }

    private static Instant seconds(Instant at) {
        return at.truncatedTo(ChronoUnit.SECONDS);
    }

    /** An ISO instant, offset date-time, or — as JavaScript's Date reads them — a UTC date or date-time; else null. */
    static Instant parse(String iso) {
        String text = iso == null ? "" : iso.strip();
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            try {
                return OffsetDateTime.parse(text).toInstant();
            } catch (DateTimeParseException notOffset) {
                try {
                    return LocalDateTime.parse(text).toInstant(ZoneOffset.UTC);
                } catch (DateTimeParseException notLocal) {
                    try {
                        return LocalDate.parse(text).atStartOfDay(ZoneOffset.UTC).toInstant();
                    } catch (DateTimeParseException notDate) {
                        return null;
                    }
                }
            }
        }
    }
}
