package services.watchdog;

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
        figures = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(figures));
        evidence = List.copyOf(evidence);
    }

    public static Finding of(String check, Severity severity, String message, Map<String, Object> figures) {
        return new Finding(check, severity, message, figures, List.of());
    }

    public Finding withEvidence(List<String> refs) {
        return new Finding(check, severity, message, figures, refs);
    }
}
