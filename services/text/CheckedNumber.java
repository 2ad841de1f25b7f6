package services.text;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * The one reader of numbers that come from files and keys an agent writes: counts, times and durations. A value is
 * either plausible — and returned as it was written — or it is the reason it is not, for the caller to report as bad
 * input naming its file or key; it is never clamped, wrapped or shown as data. A time is plausible from 2000-01-01 to
 * one year after now; a count from 0 to {@value #MAX_COUNT}; a duration from 0 to one year.
 */
public final class CheckedNumber {

    public static final long MAX_COUNT = 1_000_000_000L;
    public static final Instant EARLIEST = Instant.parse("2000-01-01T00:00:00Z");
    public static final Duration AHEAD = Duration.ofDays(366);

    /** A value or why it is not one; exactly one of the two is set. */
    public record Checked(Long value, String problem) {
        public boolean ok() {
            return problem == null;
        }

        static Checked of(long value) {
            return new Checked(value, null);
        }

        static Checked bad(String problem) {
            return new Checked(null, problem);
        }
    }

    private CheckedNumber() {
    }

    /** A whole count from 0 to {@value #MAX_COUNT}: a number or a numeral as written (a YAML or JSON value). */
    public static Checked count(Object value) {
        BigInteger n = whole(value);
        if (n == null) {
            return Checked.bad(PlainText.shown(String.valueOf(value)) + " is not a whole number");
        }
        if (n.signum() < 0) {
            return Checked.bad(n + " is negative: a count is 0 or more");
        }
        if (n.compareTo(BigInteger.valueOf(MAX_COUNT)) > 0) {
            return Checked.bad(n + " is more than " + MAX_COUNT + ": not a count of anything a loop does");
        }
        return Checked.of(n.longValue());
    }

    /** A time in epoch milliseconds between 2000-01-01 and a year after {@code now}. */
    public static Checked epochMillis(double millis, Instant now) {
        if (Double.isNaN(millis) || Double.isInfinite(millis) || millis != Math.rint(millis)) {
            return Checked.bad(millis + " is not a whole number of milliseconds");
        }
        return inRange(BigDecimal.valueOf(millis).toBigInteger(), now, "epoch milliseconds", 1);
    }

    /** A time in epoch seconds between 2000-01-01 and a year after {@code now}. */
    public static Checked epochSeconds(long seconds, Instant now) {
        return inRange(BigInteger.valueOf(seconds), now, "epoch seconds", 1000);
    }

    /** An ISO-8601 instant between 2000-01-01 and a year after {@code now}, in epoch milliseconds. */
    public static Checked instant(String iso, Instant now) {
        if (iso == null || iso.isBlank()) {
            return Checked.bad("no time");
        }
        try {
            Instant at = Instant.parse(iso.strip());
            return inRange(BigInteger.valueOf(at.getEpochSecond()).multiply(BigInteger.valueOf(1000))
                    .add(BigInteger.valueOf(at.getNano() / 1_000_000)), now, "time", 1);
        } catch (DateTimeParseException e) {
            return Checked.bad(PlainText.shown(iso) + " is not an ISO-8601 time");
        }
    }

    /** A duration in milliseconds from 0 to a year. */
    public static Checked durationMillis(double millis) {
        if (Double.isNaN(millis) || Double.isInfinite(millis)) {
            return Checked.bad(millis + " is not a duration");
        }
        if (millis < 0) {
            return Checked.bad(millis + " ms is negative: a duration is 0 or more");
        }
        if (millis > AHEAD.toMillis()) {
            return Checked.bad(millis + " ms is more than a year");
        }
        return Checked.of((long) millis);
    }

    private static Checked inRange(BigInteger value, Instant now, String unit, long toMillis) {
        BigInteger millis = value.multiply(BigInteger.valueOf(toMillis));
        if (millis.compareTo(BigInteger.valueOf(EARLIEST.toEpochMilli())) < 0) {
            return Checked.bad(value + " (" + unit + ") is before 2000: not a time this system wrote");
        }
        if (millis.compareTo(BigInteger.valueOf(now.plus(AHEAD).toEpochMilli())) > 0) {
            return Checked.bad(value + " (" + unit + ") is more than a year in the future");
        }
        return Checked.of(value.longValue());
    }

    private static BigInteger whole(Object value) {
        if (value instanceof BigInteger b) {
            return b;
        }
        if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return BigInteger.valueOf(((Number) value).longValue());
        }
        if (value instanceof BigDecimal d) {
            return d.stripTrailingZeros().scale() <= 0 ? d.toBigInteger() : null;
        }
        if (value instanceof Number n) {
            double d = n.doubleValue();
            return Double.isFinite(d) && d == Math.rint(d) ? BigDecimal.valueOf(d).toBigInteger() : null;
        }
        if (value instanceof String s && s.strip().matches("[+-]?\\d{1,400}")) {
            return new BigInteger(s.strip());
        }
        return null;
    }
}
