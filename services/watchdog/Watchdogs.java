package services.watchdog;

import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import services.failed.FailedTargetsService;
import services.knowledge.KnowledgeIndex;
import services.sync.SyncOptions;
import services.sync.SyncResult;
import services.sync.VaultSync;
import services.tasks.ProgressSink;
import services.telemetry.Telemetry;
import services.workspace.Workspace;

/** Builds a workspace's watchdog with its eight checks, in the order the Health screen lists them. */
public final class Watchdogs {

    private Watchdogs() {
    }

    public static Watchdog create(Workspace ws, KnowledgeIndex index, VaultSync sync, FailedTargetsService failed,
                                  OtelEventSource events, WatchdogGate gate, Clock clock, Telemetry telemetry) {
        return new Watchdog(ws, index, events, gate, checks(index, sync, failed), clock, telemetry);
    }

    /** The checks in the order they run and the Health screen lists them; a new check is added here. */
    public static List<WatchdogCheck> checks(KnowledgeIndex index, VaultSync sync, FailedTargetsService failed) {
        return List.of(
                new CollectionCheck(progress -> recover(index, sync, progress)),
                new OtelEventsCheck(),
                new ZeroRetrievalCheck(),
                new TurnWriteComplianceCheck(),
                new StalenessCheck(),
                new FailedTargetTtlCheck(failed),
                new WriteSideSilentCheck(),
                new BrainNotesCheck());
    }

    /** Self-heal: recreate the collection and sync everything into it; figures in the running system's keys. */
    static Map<String, Object> recover(KnowledgeIndex index, VaultSync sync, ProgressSink progress) {
        sync.check(SyncOptions.all()); // a missing vault must not leave the recreated index empty
        index.recreate();
        SyncResult result = sync.run(SyncOptions.all(), progress);
        Map<String, Long> counts = index.countsByType();
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("attempted", true);
        out.put("docs_prepared", result.indexed() + result.errors().size());
        out.put("adrs_indexed", counts.getOrDefault("adr", 0L));
        out.put("skills_indexed", counts.getOrDefault("skill", 0L));
        out.put("import_success", result.indexed());
        out.put("import_errors", result.errors().size());
        return out;
    }
}
