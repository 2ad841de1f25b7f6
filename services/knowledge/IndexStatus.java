package services.knowledge;

/** What the status bar shows: backend, how many documents, and when the newest one was written (epoch s, 0 = none). */
public record IndexStatus(String backend, long documents, long newestCreatedAt) {
}
