package app.cli;

import app.compose.ErrorReporter;
import app.window.WindowLauncher;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import services.embedding.NativeMemory;
import services.errors.ConsoleException;
import services.text.TerminalText;
import services.text.UrlCredentials;
import services.workspace.AppDirs;

/** {@code brain-console}: with no subcommand, the window; each subcommand runs headless. */
@Command(name = "brain-console", mixinStandardHelpOptions = true, versionProvider = RootCommand.Version.class,
        description = "Operator's console for the agent system's knowledge loop. Without a subcommand it opens "
                + "the window.")
public final class RootCommand implements Callable<Integer> {

    /** The subcommands, in the order of the help. */
    private static final List<Class<?>> SUBCOMMANDS = List.of(InboxCommand.class, DemoCommand.class, SyncCommand.class,
            SearchCommand.class, BenchCommand.class, ProposalsCommand.class, SyncReviewCommand.class,
            AmendmentsCommand.class, PolicyCommand.class, FailedCommand.class, ReachCommand.class, LessonsCommand.class,
            NoteCommand.class, BriefCommand.class, WatchdogCommand.class, SchedulerCommand.class,
            CommandLine.HelpCommand.class);

    private static final Logger LOG = LoggerFactory.getLogger(RootCommand.class);

    @Option(names = "--workspace", paramLabel = "DIR", description = "Open this workspace folder.")
    Path workspace;

    @Option(names = "--demo", description = "Write (or refresh) the demo workspace in the data folder and open it.")
    boolean demo;

    @Option(names = "--startup-report", description = "Print the start-up phases and total on stderr.")
    boolean startupReport;

    @Option(names = "--exit-after-start", hidden = true, description = "Close once interactive (for the benchmark).")
    boolean exitAfterStart;

    @Option(names = "--browse-then-exit", hidden = true,
            description = "Visit every section and search, report memory, close (for the benchmark).")
    boolean browseThenExit;

    @Option(names = "--ui-stalls-while-embedding", hidden = true,
            description = "Watch the window's thread until the first embedding run ends, report, close (for the benchmark).")
    boolean uiStallsWhileEmbedding;

    @Override
    public Integer call() {
        WindowLauncher.OnceInteractive then = uiStallsWhileEmbedding ? WindowLauncher.OnceInteractive.WATCH_EMBEDDING_THEN_EXIT
                : browseThenExit ? WindowLauncher.OnceInteractive.BROWSE_THEN_EXIT
                : exitAfterStart ? WindowLauncher.OnceInteractive.EXIT : WindowLauncher.OnceInteractive.STAY;
        // The window's native libraries (GTK, Mesa, onnxruntime) allocate from the start: malloc's threshold is fixed
        // before they do, beside the window's start (JNA loads in ~50 ms)
        Thread malloc = new Thread(NativeMemory::fixMmapThreshold, "malloc-threshold");
        malloc.setDaemon(true);
        malloc.start();
        WindowLauncher.launch(workspace, demo, startupReport, then, services -> new WarmCommands(services, System.getenv()));
        return 0;
    }

    public static CommandLine commandLine() {
        return commandLine((WarmCommands) null);
    }

    /**
     * The command line for {@code args}: when they start with a subcommand's name, only that subcommand is built
     * (picocli reads every option of every command it is given, which a plain {@code search} need not pay for);
     * otherwise — the window, help, a misspelt command — all of them.
     */
    public static CommandLine commandLine(String... args) {
        return commandLine(null, args);
    }

    /** With {@code warm}, the commands run inside the console that owns the workspace (see {@link WarmCommands}). */
    static CommandLine commandLine(WarmCommands warm, String... args) {
        CommandLine.IFactory factory = warm == null ? CommandLine.defaultFactory() : new CommandLine.IFactory() {
            @Override
            public <K> K create(Class<K> type) throws Exception {
                K made = CommandLine.defaultFactory().create(type);
                if (made instanceof WorkspaceCommand command) {
                    command.warm = warm;
                }
                return made;
            }
        };
        CommandLine line = new CommandLine(new RootCommand(), factory);
        Class<?> only = args.length == 0 ? null : SUBCOMMANDS.stream().filter(c -> c != CommandLine.HelpCommand.class
                && c.getAnnotation(Command.class).name().equals(args[0])).findFirst().orElse(null);
        for (Class<?> sub : SUBCOMMANDS) {
            if (only == null || sub == only) {
                line.addSubcommand(sub);
            }
        }
        line.setExecutionExceptionHandler((error, cmd, parsed) -> {
            String message;
            if (error instanceof ConsoleException) {
                message = error.getMessage();
            } else {
                LOG.error("Command failed", error);
                message = ErrorReporter.userMessage(error, AppDirs.fromEnvironment().logs().resolve("brain-console.log"));
            }
            message = UrlCredentials.scrub(TerminalText.safe(message));
            cmd.getErr().println("error: " + message);
            cmd.getErr().flush();
            if (parsed.originalArgs().contains("--json")) {
                cmd.getOut().println(new ObjectMapper().createObjectNode().put("ok", false).put("error", message));
                cmd.getOut().flush();
            }
            return 1;
        });
        return line;
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String version = RootCommand.class.getPackage().getImplementationVersion();
            return new String[] {"brain-console " + (version == null ? "dev" : version)};
        }
    }
}
