package services.workspace;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Parses {@link WorkspaceSettings} from the root of {@code workspace.json}, key by key, with the defaults and the
 * words of each problem that the readers of these keys have always used. It never throws.
 */
final class WorkspaceSettingsReader {

    private WorkspaceSettingsReader() {
    }

    static WorkspaceSettings read(ObjectNode root, Path file) {
        var reviewer = root.get("reviewer");
        var endpoint = root.path("telemetry").path("otlpEndpoint");
        var loops = root.get("maxConcurrentLoops");
        return new WorkspaceSettings(schedules(root), watchdog(root.path("watchdog")), semantic(root, file),
                otelEvents(root), new WorkspaceSettings.Telemetry(endpoint.isTextual() ? endpoint.asText() : null),
                lessons(root.path("lessons")),
                new WorkspaceSettings.Brief(loops != null && loops.isInt() && loops.asInt() > 0 ? loops.asInt() : null),
                sync(root), reviewer != null && reviewer.isTextual() && !reviewer.asText().isBlank()
                        ? reviewer.asText() : null, root.path("dreamBranch").isTextual()
                        ? root.path("dreamBranch").asText() : WorkspaceSettings.DEFAULT_DREAM_BRANCH);
    }

    private static WorkspaceSettings.Schedules schedules(JsonNode raw) {
        Map<String, String> expressions = new LinkedHashMap<>();
        Set<String> paused = new LinkedHashSet<>();
        List<String> problems = new ArrayList<>();
        JsonNode schedules = raw.get("schedules");
        if (schedules != null && !schedules.isNull()) {
            if (!schedules.isObject()) {
                problems.add("workspace.json key \"schedules\" must be an object of job → cron expression; using the defaults.");
            } else {
                schedules.fields().forEachRemaining(e -> {
                    if (e.getValue().isTextual()) {
                        expressions.put(e.getKey(), e.getValue().asText());
                    } else {
                        problems.add("workspace.json key \"schedules." + e.getKey() + "\" must be a string such as "
                                + "\"0 3 * * *\"; using the default.");
                    }
                });
            }
        }
        JsonNode pausedNode = raw.get("schedulesPaused");
        if (pausedNode != null && pausedNode.isArray()) {
            pausedNode.forEach(n -> paused.add(n.asText()));
        } else if (pausedNode != null && !pausedNode.isNull()) {
            problems.add("workspace.json key \"schedulesPaused\" must be a list of job names; no job is paused.");
        }
        JsonNode watch = raw.path("vaultWatch");
        int quiet = watch.path("quietSeconds").asInt(WorkspaceSettings.Schedules.DEFAULT_QUIET_SECONDS);
        return new WorkspaceSettings.Schedules(expressions, new ArrayList<>(paused),
                watch.path("enabled").asBoolean(false),
                quiet > 0 ? quiet : WorkspaceSettings.Schedules.DEFAULT_QUIET_SECONDS, problems);
    }

    private static WorkspaceSettings.Watchdog watchdog(JsonNode node) {
        List<String> problems = new ArrayList<>();
        WorkspaceSettings.Watchdog d = WorkspaceSettings.Watchdog.DEFAULTS;
        return new WorkspaceSettings.Watchdog(
                number(node, "windowHours", d.windowHours(), 0.01, 24 * 365, problems),
                (int) number(node, "minDocuments", d.minDocuments(), 0, 1e9, problems),
                number(node, "compliance", d.compliance(), 0, 1, problems),
                number(node, "staleHours", d.staleHours(), 0.01, 24 * 365, problems),
                (int) number(node, "brainNotesLimit", d.brainNotesLimit(), 1, 1e9, problems),
                number(node, "gateHours", d.gateHours(), 0, 24 * 365, problems),
                number(node, "writeWindowHours", d.writeWindowHours(), 0.01, 24 * 365, problems),
                number(node, "pruneGraceHours", d.pruneGraceHours(), 0, 24 * 365, problems),
                problems);
    }

    private static double number(JsonNode node, String key, double fallback, double min, double max,
                                 List<String> problems) {
        JsonNode v = node.get(key);
        if (v == null || v.isNull()) {
            return fallback;
        }
        if (!v.isNumber() || v.asDouble() < min || v.asDouble() > max) {
            problems.add("workspace.json key \"watchdog." + key + "\" must be a number from " + fmt(min) + " to "
                    + fmt(max) + "; using " + fmt(fallback) + ".");
            return fallback;
        }
        return v.asDouble();
    }

    private static String fmt(double d) {
        return d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d);
    }

    private static WorkspaceSettings.Semantic semantic(JsonNode root, Path file) {
        JsonNode node = root.path("semantic");
        if (node.isMissingNode() || node.isNull()) {
            return new WorkspaceSettings.Semantic(true, null);
        }
        if (!node.isObject()) {
            return new WorkspaceSettings.Semantic(true, file + " key 'semantic': expected an object like "
                    + "{\"enabled\": true}.");
        }
        JsonNode enabled = node.path("enabled");
        if (!enabled.isMissingNode() && !enabled.isBoolean()) {
            return new WorkspaceSettings.Semantic(true, file + " key 'semantic.enabled': expected true or false, found "
                    + enabled + ".");
        }
        return new WorkspaceSettings.Semantic(enabled.asBoolean(true), null);
    }

    private static WorkspaceSettings.OtelEvents otelEvents(JsonNode root) {
        JsonNode events = root.path("otelEvents");
        String source = events.path("source").asText("jsonl");
        JsonNode path = events.get("path");
        String folder = path != null && path.isTextual() && !path.asText().isBlank() ? path.asText().strip()
                : "spool".equals(source) ? WorkspaceSettings.OtelEvents.DEFAULT_SPOOL : "otel";
        JsonNode spool = events.get("spool");
        return new WorkspaceSettings.OtelEvents(source, folder, events.path("collection").asText("otel_events"),
                clickHouse(events), spool != null && spool.isTextual() && !spool.asText().isBlank()
                ? spool.asText().strip() : WorkspaceSettings.OtelEvents.DEFAULT_SPOOL);
    }

    static WorkspaceSettings.ClickHouse clickHouse(JsonNode events) {
        List<String> notText = new ArrayList<>();
        return new WorkspaceSettings.ClickHouse(text(events, "url", notText), text(events, "table", notText),
                text(events, "database", notText), stripped(events, "user"), stripped(events, "passwordEnv"), notText);
    }

    private static String text(JsonNode events, String key, List<String> notText) {
        JsonNode v = events.get(key);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isTextual() || v.asText().isBlank()) {
            notText.add(key);
            return null;
        }
        return v.asText().strip();
    }

    private static String stripped(JsonNode events, String key) {
        return events.hasNonNull(key) ? events.get(key).asText().strip() : null;
    }

    static WorkspaceSettings.Lessons lessons(JsonNode lessons) {
        if (lessons == null || lessons.isMissingNode() || lessons.isNull()) {
            return new WorkspaceSettings.Lessons(null, null, null, null, null);
        }
        List<String> problems = new ArrayList<>();
        return new WorkspaceSettings.Lessons(whole(lessons, "minLoops", problems), whole(lessons, "minStories", problems),
                number(lessons, "margin", problems), whole(lessons, "deprecateAfterDays", problems),
                problems.isEmpty() ? null : problems.get(0));
    }

    private static Integer whole(JsonNode node, String key, List<String> problems) {
        JsonNode v = node.get(key);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isIntegralNumber()) {
            problems.add("workspace.json lessons." + key + " must be a whole number, found " + v);
            return null;
        }
        return v.asInt();
    }

    private static Double number(JsonNode node, String key, List<String> problems) {
        JsonNode v = node.get(key);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isNumber()) {
            problems.add("workspace.json lessons." + key + " must be a number, found " + v);
            return null;
        }
        return v.asDouble();
    }

    private static WorkspaceSettings.Sync sync(JsonNode root) {
        JsonNode value = root.path("sync").path("maxDeleteShare");
        if (value.isMissingNode() || value.isNull()) {
            return new WorkspaceSettings.Sync(null, null);
        }
        if (!value.isNumber() || value.asDouble() < 0 || value.asDouble() > 1) {
            return new WorkspaceSettings.Sync(null, "workspace.json key \"sync.maxDeleteShare\" must be a number from "
                    + "0 to 1 (the share of a source's files one sync may delete), found " + value
                    + ". Nothing was synced.");
        }
        return new WorkspaceSettings.Sync(value.asDouble(), null);
    }
}
