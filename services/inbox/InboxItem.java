package services.inbox;

import java.time.Instant;

/**
 * One thing waiting for a person: its kind, one line saying what, one line saying why now, since when, the section
 * of the window where it is acted on and the subject there (a proposal id, a failed target's key; null for the
 * section itself). {@code rank} orders the inbox: lower is more urgent; {@code due} (or null) breaks ties, soonest
 * first, then {@code since}, oldest first.
 */
public record InboxItem(Kind kind, String what, String why, Instant since, Instant due, String section,
                        String subject, int rank) {

    /** The kinds of waiting work, each with its words (never a code) and the command-line section it belongs to. */
    public enum Kind {
        INTERRUPTED("interrupted operation"),
        SUPERVISED("supervised approval"),
        PROPOSAL("proposal"),
        FAILED_TARGET("failed target"),
        FINDING("watchdog finding"),
        BLIND("blind watchdog"),
        SOURCE("stale source"),
        SYNC("sync problem"),
        JOB("failed job"),
        SHARING("shared review branch"),
        UNREADABLE("unread source");

        private final String words;

        Kind(String words) {
            this.words = words;
        }

        public String words() {
            return words;
        }
    }
}
