package app.cli;

import app.compose.AppContext;
import app.compose.WorkspaceServices;
import app.warm.WarmProtocol;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import picocli.CommandLine;
import services.knowledge.KnowledgeIndex;
import services.workspace.Workspace;

/**
 * The read commands ({@code search}, {@code failed list}) run inside the console that owns a workspace, for a
 * command line's request on the owner's socket: the same picocli command, with the owner's services and its open
 * index, printing into buffers that the client prints as its own. It declines — and the client runs the command
 * itself — when the client's data folders or the environment the commands read differ from the owner's, so that
 * the answer is always what the client would have printed.
 */
public final class WarmCommands implements Function<WarmProtocol.Request, WarmProtocol.Answer> {

    /** Environment variables whose value changes what a command prints or where it connects. */
    private static final List<String> READ_ENV = List.of("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "TZ");
    private static final List<String> READ_ENV_PREFIXES = List.of("OTEL_", "TYPESENSE", "BRAIN_CONSOLE", "REDIS");

    private final AppContext app;
    private final WorkspaceServices services;
    private final Workspace workspace;
    private final Map<String, String> env;

    /** Answers for {@code workspace}, with {@code app}'s services and the owner's open {@code index} (not closed). */
    public WarmCommands(AppContext app, Workspace workspace, KnowledgeIndex index, Map<String, String> env) {
        this(app.open(workspace, index), env);
    }

    /** Answers with the owner's open workspace services (its index, Redis and use cases; not closed here). */
    public WarmCommands(WorkspaceServices svc, Map<String, String> env) {
        this.app = svc.app();
        this.services = svc;
        this.workspace = svc.workspace();
        this.env = Map.copyOf(env);
    }

    AppContext app() {
        return app;
    }

    /** The owner's services: its open index, its Redis and its use cases. */
    WorkspaceServices services() {
        return services;
    }

    /** The owner's index serves this command: the same workspace folder, with the same settings. */
    boolean serves(Workspace loaded) {
        return loaded.dir().equals(workspace.dir()) && loaded.sameSettings(workspace);
    }

    @Override
    public WarmProtocol.Answer apply(WarmProtocol.Request request) {
        int command = WarmProtocol.commandLength(request.args());
        if (command == 0) {
            return WarmProtocol.Answer.decline("not a read command");
        }
        if (!request.configDir().equals(app.dirs().config().toString()) || !request.dataDir().equals(app.dirs().data().toString())) {
            return WarmProtocol.Answer.decline("other data folders");
        }
        String differs = differentEnvironment(request.env());
        if (differs != null) {
            return WarmProtocol.Answer.decline("environment variable " + differs + " differs");
        }
        if (request.args().contains("--workspace") || request.args().stream().anyMatch(a -> a.startsWith("--workspace="))) {
            return WarmProtocol.Answer.decline("--workspace is given by the request");
        }
        List<String> args = new ArrayList<>(request.args().subList(0, command));
        args.add("--workspace");
        args.add(request.workspace());
        args.addAll(request.args().subList(command, request.args().size()));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        String[] all = args.toArray(String[]::new);
        CommandLine line = RootCommand.commandLine(this, all);
        line.setOut(new PrintWriter(out));
        line.setErr(new PrintWriter(err));
        int code = line.execute(all);
        return WarmProtocol.Answer.of(code, out.toString(), err.toString());
    }

    /** The first variable the commands read whose value differs between the client and the owner, or null. */
    private String differentEnvironment(Map<String, String> client) {
        List<String> names = new ArrayList<>(READ_ENV);
        for (Map<String, String> side : List.of(env, client)) {
            side.keySet().stream().filter(k -> READ_ENV_PREFIXES.stream().anyMatch(k::startsWith)).forEach(names::add);
        }
        if (workspace.redis() != null && workspace.redis().passwordEnv() != null) {
            names.add(workspace.redis().passwordEnv());
        }
        return names.stream().filter(n -> !Objects.equals(env.get(n), client.get(n))).findFirst().orElse(null);
    }
}
