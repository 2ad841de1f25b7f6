package viewmodels.health;

import java.util.List;

/** A check's severity in each of the last runs, oldest first. */
public record TrendRow(String check, List<String> severities) {
}
