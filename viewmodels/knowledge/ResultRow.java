package viewmodels.knowledge;

/** One line of the result list. */
public record ResultRow(String id, String type, String title, String subtitle, String date) {
}
