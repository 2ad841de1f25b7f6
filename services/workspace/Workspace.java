package services.workspace;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;

/**
 * An opened workspace (formats.md part 1): every path already expanded and resolved against {@link #dir()}.
 * {@link #raw()} keeps the whole {@code workspace.json}, unknown keys included, so that writing settings back
 * loses nothing.
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
        ObjectNode raw) {

    public static final String FILE_NAME = "workspace.json";

    public Workspace {
        problems = List.copyOf(problems);
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

    /** Where JSON-lines OTEL events live (the {@code otelEvents.path} key, default {@code otel}). */
    public Path otelDir() {
        var events = raw.get("otelEvents");
        var path = events == null ? null : events.get("path");
        return dir.resolve(path != null && path.isTextual() ? path.asText() : "otel").normalize();
    }

    public Path indexDir() {
        return stateDir().resolve("index");
    }
}
