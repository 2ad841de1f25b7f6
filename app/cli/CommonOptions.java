package app.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The options every subcommand takes (formats.md part 1). */
public final class CommonOptions {

    @Option(names = "--workspace", paramLabel = "DIR",
            description = "Workspace folder (holds workspace.json). Default: the last opened workspace.")
    Path workspace;

    @Option(names = "--json", description = "Print one JSON document on stdout; messages go to stderr.")
    boolean json;
}
