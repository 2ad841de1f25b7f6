package app.cli;

import app.compose.AppContext;
import app.compose.WorkspaceServices;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import services.knowledge.KnowledgeIndex;
import services.tasks.SynchronousTaskRunner;
import services.text.TerminalText;
import services.text.UrlCredentials;
import services.workspace.AppDirs;
import services.workspace.Workspace;
import services.workspace.WorkspaceException;

/** What a headless command needs: the composition root (with the synchronous runner), output, the workspace. */
final class CliContext {

    private final AppContext app;
    private final CommonOptions options;
    private final PrintWriter out;
    private final PrintWriter err;
    private final ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    {
        // JSON already escapes C0; C1 controls and bidirectional overrides from agent-written files are escaped too.
        json.getFactory().setCharacterEscapes(new TerminalSafeEscapes());
    }

    private final WarmCommands warm;

    CliContext(CommonOptions options, PrintWriter out, PrintWriter err) {
        this(options, out, err, null);
    }

    /** With {@code warm}, a command answered by the console that owns the workspace, with its services and index. */
    CliContext(CommonOptions options, PrintWriter out, PrintWriter err, WarmCommands warm) {
        this.app = warm != null ? warm.app() : new AppContext(AppDirs.fromEnvironment(), Clock.systemDefaultZone(),
                new SynchronousTaskRunner());
        this.warm = warm;
        this.options = options;
        this.out = out;
        this.err = err;
    }

    /**
     * The workspace's services for one command, closed with it: wired by the composition root, with the owner's open
     * index when this command is answered warm for the same workspace with the same settings (the owner keeps it
     * open), else with an index of their own, opened when first used.
     */
    WorkspaceServices services(Workspace workspace) {
        if (warm != null && warm.serves(workspace)) {
            KnowledgeIndex index = warm.services().index();
            index.flush(); // what any process committed before this command is seen, as a fresh open would
            return app.open(workspace, index);
        }
        return app.open(workspace);
    }

    AppContext app() {
        return app;
    }

    boolean json() {
        return options.json;
    }

    /** The workspace named by --workspace, or the last one opened; remembered as the last opened. */
    Workspace workspace() {
        return workspace(true);
    }

    /**
     * The workspace named by --workspace, or the last one opened. It becomes the last opened only when
     * {@code remember} (not for a look that changes nothing, like {@code sync --dry-run}) and it has no problems
     * (a workspace with missing folders is not pushed to the top of Open recent).
     */
    Workspace workspace(boolean remember) {
        Path dir = options.workspace != null ? options.workspace : app.recents().last().orElseThrow(() ->
                new WorkspaceException("No workspace given and none opened before: pass --workspace DIR "
                        + "(or create one with '" + Launcher.command() + " demo DIR')."));
        Workspace workspace = app.loader().load(dir);
        workspace.problems().forEach(p -> message("warning: " + p.message()));
        app.otel().useWorkspaceEndpoint(workspace.settings().telemetry().otlpEndpoint());
        if (remember && workspace.problems().isEmpty()) {
            app.recents().remember(workspace.dir());
        }
        return workspace;
    }

    /** Prints a result: as one JSON document with --json, otherwise the human text. */
    void print(Object result, String text) {
        if (options.json) {
            try {
                out.println(UrlCredentials.scrub(json.writeValueAsString(result)));
            } catch (Exception e) {
                throw new IllegalStateException("Could not write JSON output", e);
            }
        } else {
            out.println(UrlCredentials.scrub(TerminalText.safe(text)));
        }
        out.flush();
    }

    /** A line on stderr; what came from files is printed with its control characters escaped. */
    void message(String text) {
        err.println(UrlCredentials.scrub(TerminalText.safe(text)));
        err.flush();
    }
}
