package viewmodels.text;

import java.time.Clock;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import services.text.HumanDuration;

/**
 * How the window writes a moment, the same on every screen: "2026-11-26 21:47" in the machine's zone (the window's
 * users read local time; the zone itself is not written — README, "Times in the window"), a day alone "2026-11-26",
 * and, where the distance matters (a job's next run, a deadline, a failure), "2026-11-26 21:47 (in 3 h)" /
 * "(2 h ago)". The command line keeps its own ISO/UTC text.
 */
public final class Moments {

    private static final DateTimeFormatter MOMENT = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm", Locale.ROOT);
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyy-MM-dd", Locale.ROOT);
    private static final DateTimeFormatter SPAN_CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss.SSS", Locale.ROOT);

    /** An ISO instant inside a text: "2026-11-01T10:00:00Z", "2026-11-01T10:00:00.123+01:00". */
    private static final Pattern ISO_INSTANT = Pattern.compile(
            "\\b\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(?:\\.\\d{1,9})?(?:Z|[+-]\\d{2}:\\d{2})");

    private final Clock clock;

    /** @param clock its zone is the one times are written in; its instant is "now" for the distances */
    public Moments(Clock clock) {
        this.clock = clock;
    }

    /** Moments written in {@code zone}, the distances counted from the system's time. */
    public static Moments in(ZoneId zone) {
        return new Moments(Clock.system(zone));
    }

    public ZoneId zone() {
        return clock.getZone();
    }

    /** "2026-11-26 21:47". */
    public String moment(Instant t) {
        return MOMENT.format(t.atZone(zone()));
    }

    /** An ISO instant ("2026-11-26T20:47:00Z", or with an offset) as {@link #moment(Instant)}; anything else as written. */
    public String moment(String iso) {
        return written(iso, this::moment);
    }

    /** An ISO instant as {@code how} writes it; anything else as written (null: empty). */
    private static String written(String iso, Function<Instant, String> how) {
        Instant t = parse(iso);
        return t == null ? iso == null ? "" : iso : how.apply(t);
    }

    /**
     * A text a service wrote (a record's note, the brief) with each ISO instant in it written as a {@link #moment},
     * so one line does not mix "2026-11-01T10:00:00Z" with "2026-11-01 11:00".
     */
    public String within(String text) {
        if (text == null) {
            return "";
        }
        return ISO_INSTANT.matcher(text).replaceAll(m -> Matcher.quoteReplacement(moment(m.group())));
    }

    /** "2026-11-26": the day in the window's zone. */
    public String day(Instant t) {
        return DAY.format(t.atZone(zone()));
    }

    /** An ISO instant as {@link #day(Instant)}; anything else as written. */
    public String day(String iso) {
        return written(iso, this::day);
    }

    /** How far from now: "now" (within a minute), "in 7 d" (to the nearest unit), "3 h ago". */
    public String distance(Instant t) {
        long delta = t.toEpochMilli() - clock.millis();
        return Math.abs(delta) < 60_000 ? "now" : delta > 0 ? "in " + HumanDuration.until(delta)
                : HumanDuration.of(-delta) + " ago";
    }

    /** "2026-11-26 21:47 (in 3 h)", "2026-11-26 18:47 (2 h ago)": a moment whose distance from now matters. */
    public String momentAndDistance(Instant t) {
        return moment(t) + " (" + distance(t) + ")";
    }

    /**
     * "21:47:03.512": the Telemetry screen's clock of spans — spans of one session, read against each other to the
     * millisecond, so the day is left out; in the same zone as every other time.
     */
    public String spanClock(Instant t) {
        return SPAN_CLOCK.format(t.atZone(zone()));
    }

    private static Instant parse(String iso) {
        if (iso == null || iso.isBlank()) {
            return null;
        }
        try {
            return Instant.parse(iso.strip()); // also "…+01:00" (ISO_INSTANT reads offsets since Java 12)
        } catch (DateTimeException notAnInstant) {
            return null;
        }
    }
}
