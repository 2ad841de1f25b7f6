package services.workspace;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every setting of {@code workspace.json} that a part of the console reads, parsed once when the workspace is loaded
 * ({@link WorkspaceSettingsReader}). Parsing never fails: a wrong value is kept as the problem its reader reports —
 * as a list of problems beside the defaults (schedules, watchdog), or as the message the user of the value throws
 * when it needs it (semantic, sync, lessons, the ClickHouse keys of otelEvents), exactly when and as it was reported
 * before the settings were typed. To add a key: a field here, its parsing in {@link WorkspaceSettingsReader}.
 *
 * @param reviewer the {@code reviewer} key when it is non-blank text, else null (the operating-system user decides)
 * @param dreamBranch the {@code dreamBranch} key: the branch the dream's applied amendments live on, the only branch
 *                    a revert is made on ({@value #DEFAULT_DREAM_BRANCH} when absent; checked when the workspace loads)
 */
public record WorkspaceSettings(Schedules schedules, Watchdog watchdog, Semantic semantic, OtelEvents otelEvents,
                                Telemetry telemetry, Lessons lessons, Brief brief, Sync sync, String reviewer,
                                String dreamBranch) {

    public static final String DEFAULT_DREAM_BRANCH = "dream/applied";

    /** Parses the settings of a {@code workspace.json} (its root object) of the workspace in {@code dir}. */
    public static WorkspaceSettings of(ObjectNode root, Path dir) {
        return WorkspaceSettingsReader.read(root, dir.resolve(Workspace.FILE_NAME));
    }

    /**
     * {@code schedules} (job → cron, only the jobs the file names), {@code schedulesPaused} and {@code vaultWatch};
     * {@code problems} name each wrong value (the job keeps its default).
     */
    public record Schedules(Map<String, String> expressions, List<String> paused, boolean vaultWatch, int quietSeconds,
                            List<String> problems) {
        public static final int DEFAULT_QUIET_SECONDS = 45;

        public Schedules {
            expressions = Collections.unmodifiableMap(new LinkedHashMap<>(expressions));
            paused = List.copyOf(paused);
            problems = List.copyOf(problems);
        }
    }

    /** The {@code watchdog} thresholds (defaults where absent or wrong); {@code problems} name each wrong value. */
    public record Watchdog(double windowHours, double minDocuments, double compliance, double staleHours,
                           double brainNotesLimit, double gateHours, double writeWindowHours, double pruneGraceHours,
                           List<String> problems) {
        public static final Watchdog DEFAULTS = new Watchdog(4, 50, 0.95, 48, 100, 3, 48, 0, List.of());

        public Watchdog {
            problems = List.copyOf(problems);
        }
    }

    /** {@code semantic.enabled}; a wrong type is {@code problem}, thrown when semantic search is asked about. */
    public record Semantic(boolean enabled, String problem) {
    }

    /**
     * {@code otelEvents}: its {@code source} ({@code jsonl} when absent), the folder {@code path} as written
     * ({@code ~} not yet expanded; the default depends on the source), the Typesense {@code collection}, and the
     * ClickHouse keys, and the running system's {@code spool} read beside a store (as written; default
     * {@code ~/.joelclaw/spool/otel}).
     */
    public record OtelEvents(String source, String path, String collection, ClickHouse clickHouse, String spool) {

        public OtelEvents(String source, String path, String collection, ClickHouse clickHouse) {
            this(source, path, collection, clickHouse, DEFAULT_SPOOL);
        }

        /** Where the running system's OTEL outbox is (otel-outbox.ts, {@code OTEL_OUTBOX_DIR} unset). */
        public static final String DEFAULT_SPOOL = "~/.joelclaw/spool/otel";
    }

    /**
     * The ClickHouse keys of {@code otelEvents}: {@code url}, {@code table}, {@code database} (null when absent;
     * a key in {@code notText} is not a non-empty string), {@code user} and {@code passwordEnv} (null when absent).
     */
    public record ClickHouse(String url, String table, String database, String user, String passwordEnv,
                             List<String> notText) {
        public ClickHouse {
            notText = List.copyOf(notText);
        }

        /** The ClickHouse keys of an {@code otelEvents} object. */
        public static ClickHouse of(JsonNode events) {
            return WorkspaceSettingsReader.clickHouse(events);
        }
    }

    /** {@code telemetry.otlpEndpoint} when it is text, else null. */
    public record Telemetry(String otlpEndpoint) {
    }

    /**
     * {@code lessons}: each rule null when absent; {@code problem} the message for the first value of a wrong type,
     * thrown when the rules are used.
     */
    public record Lessons(Integer minLoops, Integer minStories, Double margin, Integer deprecateAfterDays,
                          String problem) {

        /** The rules of a {@code lessons} object. */
        public static Lessons of(JsonNode lessons) {
            return WorkspaceSettingsReader.lessons(lessons);
        }
    }

    /** {@code maxConcurrentLoops} when it is a whole number above 0, else null (the brief's default). */
    public record Brief(Integer maxConcurrentLoops) {
    }

    /** {@code sync.maxDeleteShare}, null when absent; {@code problem} the message thrown when a sync needs it. */
    public record Sync(Double maxDeleteShare, String problem) {
    }
}
