package services.workspace;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;

/**
 * An opened workspace (formats.md part 1): every path already expanded and resolved against {@link #dir()}.
 * {@link #settings()} holds every other key the console reads, parsed once when the workspace is loaded.
 * {@link #raw()} keeps the whole {@code workspace.json}, unknown keys included, so that writing settings back
 * loses nothing; only this package reads it.
 */
public record Workspace(
        Path dir,
        String name,
        Path vault,
        Path skillsRepo,
        Path behaviourRepo,
        Path dreamDir,
        Path profilesDir,
        String reviewBranch,
        int failedTargetTtlDays,
        IndexSettings index,
        RedisSettings redis,
        boolean readOnly,
        List<WorkspaceProblem> problems,
        ObjectNode raw,
        WorkspaceSettings settings) {

    public static final String FILE_NAME = "workspace.json";

    public Workspace {
        problems = List.copyOf(problems);
    }

    /** A workspace whose settings are parsed from {@code raw}. */
    public Workspace(Path dir, String name, Path vault, Path skillsRepo, Path behaviourRepo, Path dreamDir,
                     Path profilesDir, String reviewBranch, int failedTargetTtlDays, IndexSettings index,
                     RedisSettings redis, boolean readOnly, List<WorkspaceProblem> problems, ObjectNode raw) {
        this(dir, name, vault, skillsRepo, behaviourRepo, dreamDir, profilesDir, reviewBranch, failedTargetTtlDays,
                index, redis, readOnly, problems, raw, WorkspaceSettings.of(raw, dir));
    }

    /** The same workspace, read-only or not. */
    public Workspace withReadOnly(boolean readOnly) {
        return new Workspace(dir, name, vault, skillsRepo, behaviourRepo, dreamDir, profilesDir, reviewBranch,
                failedTargetTtlDays, index, redis, readOnly, problems, raw, settings);
    }

    /** Whether {@code other} was loaded from the same {@code workspace.json} content (every key, unknown ones too). */
    public boolean sameSettings(Workspace other) {
        return raw.equals(other.raw);
    }

    public Path adrDir() {
        return vault.resolve("docs").resolve("decisions");
    }

    public Path retrosDir() {
        return vault.resolve("system").resolve("retrospectives");
    }

    public Path brainNotesDir() {
        return vault.resolve("system").resolve("brain").resolve("codebase");
    }

    public Path skillProposalsDir() {
        return vault.resolve("system").resolve("brain").resolve("skill-proposals");
    }

    public Path skillsDir() {
        return skillsRepo.resolve("skills");
    }

    /** The console's own state: embedded index, job history, decision log. */
    public Path stateDir() {
        return dir.resolve("state");
    }

    /**
     * The OTEL events folder ({@code otelEvents.path}, {@code ~} expanded): default {@code otel} in the workspace, or
     * the running system's spool {@code ~/.joelclaw/spool/otel} when {@code otelEvents.source} is {@code spool}.
     */
    public Path otelDir() {
        return resolveHome(settings.otelEvents().path());
    }

    /**
     * The running system's OTEL spool read beside a store ({@code otelEvents.spool}, {@code ~} expanded; default
     * {@code ~/.joelclaw/spool/otel}): events whose ClickHouse write failed wait there to be delivered.
     */
    public Path otelSpoolDir() {
        return resolveHome(settings.otelEvents().spool());
    }

    private Path resolveHome(String path) {
        String p = path;
        String home = System.getProperty("user.home");
        if (p.equals("~") || p.startsWith("~/")) {
            p = home + p.substring(1);
        }
        return dir.resolve(p).normalize();
    }

    /** The Brain era's keys: the {@code brain} folders and the {@code criticalDb} file (running-system.md part 11). */
    public BrainSettings brain() {
        return BrainSettings.of(raw, dir, UserHome.path());
    }

    public Path indexDir() {
        return stateDir().resolve("index");
    }
}
