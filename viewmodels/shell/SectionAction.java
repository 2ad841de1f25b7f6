package viewmodels.shell;

/**
 * An action of a section that the command palette runs itself (not only goes to its section): {@code name} as
 * the palette lists it, {@code action} what choosing it does once its section is shown.
 */
public record SectionAction(String section, String name, Runnable action) {
}
