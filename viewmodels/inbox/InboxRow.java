package viewmodels.inbox;

/**
 * One row of the inbox as the screen shows it: its kind (a stable {@code kind} for the icon, {@code kindWords} for
 * people), what, why now, its age ("3 d", "" when unknown), its tone ({@code danger}, {@code warning},
 * {@code accent}: the design's palette), and where it is acted on ({@code section}, {@code subject}).
 */
public record InboxRow(String kind, String kindWords, String what, String why, String age, String tone,
                       String section, String subject) {
}
