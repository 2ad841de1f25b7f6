package app.cli;

import app.compose.WorkspaceServices;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import services.brain.BrainEra;
import services.embedding.EmbeddingBackfill;
import services.errors.ConsoleException;
import services.knowledge.KnowledgeIndex;
import services.sync.DriftReport;
import services.sync.FileIssue;
import services.sync.IndexCopy;
import services.sync.SyncOptions;
import services.sync.SyncResult;
import services.sync.VaultSync;
import services.tasks.ProgressSink;
import services.text.PlainText;
import services.workspace.IndexSettings;
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

    @Option(names = "--allow-mass-delete", description = "Let this sync delete the documents of more than "
            + "sync.maxDeleteShare (default 20 %%) of a source's files; without it such a sync is refused.")
    boolean allowMassDelete;

    @Option(names = "--rebuild", description = "Move the embedded index aside (a damaged one, say) and index "
            + "everything again from the vault, the skills repo and the turn-note log.")
    boolean rebuild;

    @Option(names = "--no-embeddings", description = "Skip embedding new and changed documents after the sync "
            + "(semantic search then finds them by keyword only until the next sync).")
    boolean noEmbeddings;

    @Option(names = "--copy-to", paramLabel = "BACKEND", description = "Copy the whole index into the other backend "
            + "instead of syncing (the names of the backends this console has): 'typesense' copies the embedded index "
            + "into the collection that index.nodes names, 'lucene' copies that collection into the embedded index.")
    String copyTo;

    @Option(names = "--status", description = "Sync nothing: say when the last sync ran and which era each source is "
            + "from (the last Vault ADR, the newest Brain page, critical.db's freshness).")
    boolean status;

    static final class Only {
        @Option(names = "--adrs-only", description = "Only ADRs.")
        boolean adrs;

        @Option(names = "--skills-only", description = "Only skills.")
        boolean skills;
    }

    @Override
    Integer run() {
        Workspace ws = cli.workspace(!dryRun && !status);
        if (status) {
            return status(ws);
        }
        if (copyTo != null) {
            return copy(ws);
        }
        SyncOptions.Scope scope = only == null ? SyncOptions.Scope.ALL
                : only.adrs ? SyncOptions.Scope.ADRS : SyncOptions.Scope.SKILLS;
        String rebuilt = "";
        if (rebuild) {
            if (dryRun || only != null) {
                throw new picocli.CommandLine.ParameterException(spec.commandLine(),
                        "--rebuild reads every source: give it without --dry-run, --adrs-only or --skills-only.");
            }
            rebuilt = rebuild(ws);
        }
        try (WorkspaceServices svc = cli.services(ws)) {
            svc.index().problems().forEach(p -> cli.message("warning: " + p));
            if (dryRun) {
                DriftReport drift = svc.sync().drift(scope, ProgressSink.NONE);
                cli.print(drift, drift(drift));
            } else {
                if (ws.readOnly()) {
                    throw new ConsoleException("Workspace " + ws.name() + " is read-only: sync writes "
                            + "the index. Use --dry-run, or set \"readOnly\": false in workspace.json.");
                }
                SyncOptions options = new SyncOptions(false, scope, allowMassDelete);
                SyncResult result = svc.sync().run(options, ProgressSink.NONE);
                String embedded = embed(svc);
                cli.print(result, rebuilt + "Synced " + ws.name() + ": " + result.summary() + issues(result) + embedded);
            }
        }
        return 0;
    }

    /** {@code sync --status}: the last sync and the era line, read only. */
    private Integer status(Workspace ws) {
        if (dryRun || rebuild || copyTo != null || only != null || allowMassDelete) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(),
                    "--status syncs nothing: give it alone.");
        }
        try (WorkspaceServices svc = cli.services(ws)) {
            VaultSync.LastRun last = svc.sync().lastRun();
            BrainEra.Era era = svc.era();
            Map<String, Object> json = new LinkedHashMap<>();
            json.put("lastSync", last.finishedAt() == 0 ? null
                    : Instant.ofEpochSecond(last.finishedAt()).toString());
            json.put("errors", last.errors().size());
            json.put("era", era.json());
            cli.print(json, "Last sync: " + (last.finishedAt() == 0 ? "never"
                    : Instant.ofEpochSecond(last.finishedAt()).toString()) + (last.errors().isEmpty() ? ""
                    : " (" + last.errors().size() + " file" + (last.errors().size() == 1 ? "" : "s")
                    + " not indexed)") + "\n" + String.join("\n", era.lines()));
        }
        return 0;
    }

    /** Checks the sources first (a refused sync must not leave an empty index), then moves the index aside. */
    private String rebuild(Workspace ws) {
        Path aside = cli.app().moveIndexAsideForRebuild(ws, allowMassDelete);
        if (aside == null) {
            return "";
        }
        cli.message("The old index is kept in " + aside + " (delete it once the rebuilt index is fine).");
        return "Rebuilt the index (the old one is in " + aside + ").\n";
    }

    /** Embeds what the sync wrote (the window does this in the background); a failure is a warning, not a refusal. */
    private String embed(WorkspaceServices svc) {
        EmbeddingBackfill backfill = noEmbeddings ? null : svc.backfill();
        if (backfill == null) {
            return "";
        }
        try {
            return "\nEmbeddings: " + backfill.run(everyFewSeconds()).summary();
        } catch (ConsoleException e) {
            cli.message("warning: embeddings not computed: " + e.getMessage());
            return "";
        }
    }

    /** A long embedding run says how far it got on stderr, every 5 seconds (Ctrl+C keeps what was done). */
    private ProgressSink everyFewSeconds() {
        return new ProgressSink() {
            private long next = System.currentTimeMillis() + 5_000;

            @Override
            public void update(double fraction, String message) {
                if (System.currentTimeMillis() >= next && fraction < 1) {
                    next = System.currentTimeMillis() + 5_000;
                    cli.message("embeddings: " + message + (fraction >= 0 ? String.format(" (%.0f%%)", 100 * fraction) : ""));
                }
            }

            @Override
            public boolean isCancelled() {
                return false;
            }
        };
    }

    private Integer copy(Workspace ws) {
        List<String> backends = cli.app().indexBackends().names();
        if (!backends.contains(copyTo)) {
            throw OptionValues.notOneOf(spec.commandLine(), "--copy-to", copyTo, "an index backend", backends);
        }
        if (ws.readOnly()) {
            throw new ConsoleException("Workspace " + ws.name() + " is read-only: a copy writes an index.");
        }
        IndexSettings s = ws.index();
        // from the workspace's own backend; into it, from the one other backend there is
        List<String> others = backends.stream().filter(b -> !b.equals(copyTo)).toList();
        String other = !copyTo.equals(s.backend()) ? s.backend() : others.size() == 1 ? others.get(0) : null;
        if (other == null) {
            throw new ConsoleException("The index of " + ws.name() + " already uses " + copyTo + ": set index.backend "
                    + "in " + ws.dir().resolve(Workspace.FILE_NAME) + " to the backend to copy from (one of "
                    + String.join(", ", others) + ").");
        }
        try (KnowledgeIndex from = cli.app().indexBackends().open(s.withBackend(other), ws);
             KnowledgeIndex to = cli.app().indexBackends().open(s.withBackend(copyTo), ws)) {
            String shared = cli.app().indexBackends().sharedWithRunningSystem(s.withBackend(copyTo)).orElse(null);
            IndexCopy.Result r = IndexCopy.copy(from, to, shared, ProgressSink.NONE);
            StringBuilder text = new StringBuilder("Copied " + other + " → " + copyTo + ": " + r.summary());
            r.rejected().forEach((id, why) -> text.append("\n  rejected ").append(id).append(": ").append(why));
            cli.print(r, text.toString());
            return r.rejected().isEmpty() ? 0 : 1;
        }
    }

    private static String issues(SyncResult result) {
        StringBuilder out = new StringBuilder();
        for (FileIssue e : result.errors()) {
            out.append("\n  error   ").append(e.line());
        }
        for (FileIssue w : result.warnings()) {
            out.append("\n  warning ").append(w.line());
        }
        return out.toString();
    }

    private static String drift(DriftReport drift) {
        if (drift.inSync() && drift.errors().isEmpty()) {
            return "Index and files are in sync.";
        }
        StringBuilder out = new StringBuilder("Drift between files and index (nothing written):\n");
        out.append("  missing from the index: ").append(drift.missing().size()).append('\n');
        drift.missing().stream().limit(20).forEach(id -> out.append("    ").append(PlainText.line(id, 300)).append('\n'));
        out.append("  changed since indexed:  ").append(drift.stale().size()).append('\n');
        drift.stale().stream().limit(20).forEach(p -> out.append("    ").append(PlainText.line(p, 300)).append('\n'));
        out.append("  orphaned (file gone):   ").append(drift.orphaned().size()).append('\n');
        drift.orphaned().stream().limit(20).forEach(id -> out.append("    ").append(PlainText.line(id, 300)).append('\n'));
        drift.errors().forEach(e -> out.append("  error ").append(e.line()).append('\n'));
        return out.toString().stripTrailing();
    }
}
