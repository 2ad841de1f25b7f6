package app.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import services.brief.MiseBrief;
import services.failed.FailedTargets;
import services.knowledge.KnowledgeIndex;
import services.workspace.Workspace;

/** {@code brain-console brief}: the mise brief, as markdown (default) or --json. */
@Command(name = "brief", mixinStandardHelpOptions = true,
        description = "The mise brief: retros, active loops, failed targets, pitch history, lessons, health, capacity, verdict.")
final class BriefCommand extends WorkspaceCommand {

    @Option(names = "--markdown", description = "Print markdown (the default without --json).")
    boolean markdown;

    @Override
    Integer run() {
        Workspace ws = cli.workspace();
        try (KnowledgeIndex index = cli.app().openIndex(ws); FailedTargets redis = cli.app().openFailedTargets(ws)) {
            MiseBrief.Brief brief = cli.app().brief(ws, index, redis).gather();
            cli.print(brief, MiseBrief.markdown(brief).stripTrailing());
            return 0;
        }
    }
}
