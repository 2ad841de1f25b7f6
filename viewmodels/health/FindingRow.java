package viewmodels.health;

import java.util.List;

/** One finding of the latest watchdog run: severity (OK, INFO, WARNING, ERROR), check, message, figures. */
public record FindingRow(String severity, String check, String message, String figures, List<String> evidence,
                         boolean isNew) {
}
