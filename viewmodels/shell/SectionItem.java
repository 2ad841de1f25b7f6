package viewmodels.shell;

/** One entry of the navigation rail: a stable id, its label, and a one-line hint shown as a tooltip. */
public record SectionItem(String id, String title, String hint) {
}
