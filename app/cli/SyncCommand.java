package app.cli;

import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import services.knowledge.KnowledgeIndex;
import services.sync.DriftReport;
import services.sync.FileIssue;
import services.sync.SyncOptions;
import services.sync.SyncResult;
import services.tasks.ProgressSink;
import services.workspace.Workspace;

/** {@code brain-console sync}: Vault ADRs, skills, retros and brain notes into the knowledge index. */
@Command(name = "sync", mixinStandardHelpOptions = true,
        description = "Index the Vault's ADRs, retros and brain notes and the skills repo. Unchanged files are "
                + "skipped; files with problems are listed and the rest is indexed.")
final class SyncCommand extends WorkspaceCommand {

    @Option(names = "--dry-run", description = "Only show the drift between files and index (missing, stale, orphaned).")
    boolean dryRun;

    @ArgGroup(exclusive = true)
    Only only;

    static final class Only {
        @Option(names = "--adrs-only", description = "Only ADRs.")
        boolean adrs;

        @Option(names = "--skills-only", description = "Only skills.")
        boolean skills;
    }

    @Override
    Integer run() {
        Workspace ws = cli.workspace();
        SyncOptions.Scope scope = only == null ? SyncOptions.Scope.ALL
                : only.adrs ? SyncOptions.Scope.ADRS : SyncOptions.Scope.SKILLS;
        try (KnowledgeIndex index = cli.app().openIndex(ws)) {
            if (dryRun) {
                DriftReport drift = cli.app().sync(ws, index).drift(scope, ProgressSink.NONE);
                cli.print(drift, drift(drift));
            } else {
                if (ws.readOnly()) {
                    throw new services.errors.ConsoleException("Workspace " + ws.name() + " is read-only: sync writes "
                            + "the index. Use --dry-run, or set \"readOnly\": false in workspace.json.");
                }
                SyncResult result = cli.app().sync(ws, index).run(new SyncOptions(false, scope), ProgressSink.NONE);
                cli.print(result, "Synced " + ws.name() + ": " + result.summary() + issues(result));
            }
        }
        return 0;
    }

    private static String issues(SyncResult result) {
        StringBuilder out = new StringBuilder();
        for (FileIssue e : result.errors()) {
            out.append("\n  error   ").append(e.path()).append(": ").append(e.reason());
        }
        for (FileIssue w : result.warnings()) {
            out.append("\n  warning ").append(w.path()).append(": ").append(w.reason());
        }
        return out.toString();
    }

    private static String drift(DriftReport drift) {
        if (drift.inSync() && drift.errors().isEmpty()) {
            return "Index and files are in sync.";
        }
        StringBuilder out = new StringBuilder("Drift between files and index (nothing written):\n");
        out.append("  missing from the index: ").append(drift.missing().size()).append('\n');
        drift.missing().stream().limit(20).forEach(id -> out.append("    ").append(id).append('\n'));
        out.append("  changed since indexed:  ").append(drift.stale().size()).append('\n');
        drift.stale().stream().limit(20).forEach(p -> out.append("    ").append(p).append('\n'));
        out.append("  orphaned (file gone):   ").append(drift.orphaned().size()).append('\n');
        drift.orphaned().stream().limit(20).forEach(id -> out.append("    ").append(id).append('\n'));
        drift.errors().forEach(e -> out.append("  error ").append(e.path()).append(": ").append(e.reason()).append('\n'));
        return out.toString().stripTrailing();
    }
}
