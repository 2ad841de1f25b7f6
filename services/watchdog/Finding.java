package services.watchdog;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one check found: its severity, a one-line message, the figures behind it, and the evidence — document ids
 * ({@code doc:<id>}), OTEL event lines ({@code event:<file>:<line>}) or files ({@code file:<path>}).
 */
public record Finding(String check, Severity severity, String message, Map<String, Object> figures,
                      List<String> evidence) {

    public Finding {
        figures = Collections.unmodifiableMap(new LinkedHashMap<>(figures));
        evidence = List.copyOf(evidence);
    }

    public static Finding of(String check, Severity severity, String message, Map<String, Object> figures) {
        return new Finding(check, severity, message, figures, List.of());
    }

    /** Figures in the order given: {@code ordered("documents", 12, "minimum", 50)}. */
    public static Map<String, Object> ordered(Object... keysAndValues) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (int i = 0; i + 1 < keysAndValues.length; i += 2) {
            out.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return out;
    }
}
