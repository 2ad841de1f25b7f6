package app.cli;

import app.compose.WorkspaceServices;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import services.tasks.ProgressSink;
import services.watchdog.Finding;
import services.watchdog.WatchdogReport;
import services.workspace.Workspace;

/**
 * {@code brain-console watchdog [--force] [--json]}: one watchdog run, in the running system's shape
 * ({@code healthy, recovery, issues, stats, pruned}) plus one finding per check.
 */
@Command(name = "watchdog", mixinStandardHelpOptions = true,
        description = "Run the knowledge watchdog's checks once (skipped within 3 h of the last run unless --force); "
                + "a run that can read no source of OTEL events says it is blind, never healthy.")
final class WatchdogCommand extends WorkspaceCommand {

    @Option(names = "--force", description = "Run even if a watchdog ran within the gate interval (3 h).")
    boolean force;

    @Option(names = "--fail-on-issues", description = "Exit with 3 when the run found warnings or errors.")
    boolean failOnIssues;

    @Override
    Integer run() {
        Workspace ws = cli.workspace();
        try (WorkspaceServices svc = cli.services(ws)) {
            WatchdogReport report = svc.watchdog().run(force, ProgressSink.NONE);
            cli.print(json(report), text(report));
            return failOnIssues && !report.healthy() ? 3 : 0;
        }
    }

    static Map<String, Object> json(WatchdogReport r) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("status", r.status());
        out.put("healthy", r.healthy());
        out.put("blind", r.blind());
        out.put("recovery", r.recovery());
        out.put("issues", r.issues());
        out.put("stats", r.stats());
        out.put("pruned", r.pruned());
        out.put("findings", r.findings());
        out.put("ranAt", r.ranAt().toString());
        out.put("durationMs", r.durationMillis());
        if (r.skipReason() != null) {
            out.put("skipReason", r.skipReason());
        }
        out.put("problems", r.problems());
        if (!r.systemWatchdog().isEmpty()) {
            out.put("systemWatchdog", r.systemWatchdog());
        }
        return out;
    }

    static String text(WatchdogReport r) {
        if (r.skipped()) {
            return "Watchdog skipped: " + r.skipReason();
        }
        StringBuilder b = new StringBuilder("Watchdog: " + r.summary().replaceFirst(":.*", "") + " (" + r.durationMillis()
                + " ms)\n");
        if (r.blind()) {
            b.append("  BLIND: no source of events could be read — this run cannot say the system is healthy\n");
        }
        for (Finding f : r.findings()) {
            b.append(String.format("  %-8s %-22s %s%n", f.severity(), f.check(), f.message()));
        }
        r.problems().forEach(p -> b.append("  problem: ").append(p).append('\n'));
        String system = systemWatchdog(r.systemWatchdog());
        if (system != null) {
            b.append("  ").append(system).append('\n');
        }
        return b.toString().stripTrailing();
    }

    /** When the running system's watchdog last ran and whether this run wrote its key, in a line; null without Redis. */
    static String systemWatchdog(Map<String, Object> system) {
        if (system.isEmpty() || system.get("key") == null) {
            return null;
        }
        Object last = system.get("lastRun");
        return "The running system's watchdog (" + system.get("key") + ") last ran " + (last == null ? "never, as far "
                + "as the key says" : last) + "; " + system.get("note");
    }
}
