package services.text;

import java.time.Duration;

/** A duration as people say it in a status line: "3 d", "5 h", "12 min" (the largest whole unit). */
public final class HumanDuration {

    private HumanDuration() {
    }

    public static String of(long millis) {
        Duration d = Duration.ofMillis(Math.max(0, millis));
        if (d.toDays() > 0) {
            return d.toDays() + " d";
        }
        return d.toHours() > 0 ? d.toHours() + " h" : d.toMinutes() + " min";
    }

    /**
     * A time still to come, to the nearest unit: a deadline 6 d 23 h 58 min away is "7 d" — what a 7-day window
     * opened a minute ago is called ({@link #of} says "6 d", which reads as a day lost).
     */
    public static String until(long millis) {
        long m = Math.max(0, millis);
        long day = Duration.ofDays(1).toMillis();
        long hour = Duration.ofHours(1).toMillis();
        long minute = Duration.ofMinutes(1).toMillis();
        if (m >= day - hour / 2) {
            return Math.round((double) m / day) + " d";
        }
        if (m >= hour - minute / 2) {
            return Math.round((double) m / hour) + " h";
        }
        return Math.round((double) m / minute) + " min";
    }
}
