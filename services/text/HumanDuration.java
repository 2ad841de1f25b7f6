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
}
