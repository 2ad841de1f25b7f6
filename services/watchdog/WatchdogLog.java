package services.watchdog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import services.audit.DecisionLog;

/**
 * Every watchdog run's findings, appended to {@code state/watchdog.jsonl}: what the Health screen's trends and
 * "new since the last run" read. Damaged lines are skipped and reported.
 */
public final class WatchdogLog {

    /**
     * A past run as the log keeps it; {@code systemWatchdog} is the running system's watchdog as the run saw it
     * ({@link WatchdogReport#systemWatchdog()}; empty for runs logged before it was kept).
     */
    public record Entry(Instant ranAt, boolean healthy, List<Finding> findings, List<String> problems,
                        Map<String, Object> systemWatchdog) {

        public Entry(Instant ranAt, boolean healthy, List<Finding> findings, List<String> problems) {
            this(ranAt, healthy, findings, problems, Map.of());
        }

        /** Whether the run was blind: it could see no source of events. */
        public boolean blind() {
            return WatchdogReport.blind(findings);
        }
    }

    public record Read(List<Entry> runs, List<String> problems) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final DecisionLog log;

    public WatchdogLog(Path stateDir) {
        this.log = new DecisionLog(stateDir.resolve("watchdog.jsonl"));
    }

    public void append(WatchdogReport report) {
        ObjectNode e = DecisionLog.entry();
        e.put("ranAt", report.ranAt().toString());
        e.put("healthy", report.healthy());
        e.put("durationMs", report.durationMillis());
        ArrayNode findings = e.putArray("findings");
        report.findings().forEach(f -> findings.add(JSON.valueToTree(f)));
        ArrayNode problems = e.putArray("problems");
        report.problems().forEach(problems::add);
        if (!report.systemWatchdog().isEmpty()) {
            e.set("systemWatchdog", JSON.valueToTree(report.systemWatchdog()));
        }
        log.append(e);
    }

    /** The last {@code limit} runs, oldest first. */
    public Read recent(int limit) {
        DecisionLog.Read read = log.read();
        List<String> problems = new ArrayList<>(read.problems());
        List<Entry> runs = new ArrayList<>();
        List<JsonNode> entries = read.entries();
        for (JsonNode e : entries.subList(Math.max(0, entries.size() - limit), entries.size())) {
            try {
                List<Finding> findings = new ArrayList<>();
                for (JsonNode f : e.path("findings")) {
                    Map<String, Object> figures = JSON.convertValue(f.path("figures"), LinkedHashMap.class);
                    List<String> evidence = new ArrayList<>();
                    f.path("evidence").forEach(x -> evidence.add(x.asText()));
                    findings.add(new Finding(f.path("check").asText(), Severity.valueOf(f.path("severity").asText()),
                            f.path("message").asText(), figures == null ? Map.of() : figures, evidence));
                }
                List<String> runProblems = new ArrayList<>();
                e.path("problems").forEach(x -> runProblems.add(x.asText()));
                Map<String, Object> system = e.has("systemWatchdog")
                        ? JSON.convertValue(e.get("systemWatchdog"), LinkedHashMap.class) : null;
                runs.add(new Entry(Instant.parse(e.path("ranAt").asText()), e.path("healthy").asBoolean(), findings,
                        runProblems, system == null ? Map.of() : system));
            } catch (RuntimeException bad) {
                problems.add(log.file().getFileName() + ": a run could not be read (" + bad.getMessage() + ") — skipped");
            }
        }
        return new Read(runs, problems);
    }
}
