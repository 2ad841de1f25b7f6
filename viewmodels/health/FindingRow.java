package viewmodels.health;

import java.util.List;

/**
 * One finding of the latest watchdog run: severity (OK, INFO, WARNING, ERROR), check, message, figures, evidence,
 * whether it is new since the run before, and the check's severity in each of the last runs (oldest first).
 */
public record FindingRow(String severity, String check, String message, String figures, List<String> evidence,
                         boolean isNew, List<String> trend) {
}
