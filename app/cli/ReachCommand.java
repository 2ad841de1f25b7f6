package app.cli;

import app.compose.WorkspaceServices;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import services.reach.ReachReport;
import services.tasks.ProgressSink;
import services.workspace.Workspace;

/** {@code brain-console reach}: which knowledge the implementor gave the stories of recent loops. */
@Command(name = "reach", mixinStandardHelpOptions = true,
        description = "Replay the implementor's injection for every story of the loops of the last N days: per "
                + "document, per story, and the lessons, patterns and failed targets no story got (and why).")
final class ReachCommand extends WorkspaceCommand {

    @Option(names = "--days", paramLabel = "N", defaultValue = "14",
            converter = OptionValues.Days.class, description = "The window (default 14 days).")
    int days;

    @Option(names = "--top", paramLabel = "K", defaultValue = "10",
            converter = OptionValues.Rows.class, description = "Rows per list in the text output.")
    int top;

    @Option(names = "--full", description = "Search every story again, ignoring what the last replay kept "
            + "(state/reach-replay.json).")
    boolean full;

    @Override
    Integer run() {
        Workspace ws = cli.workspace();
        ReachReport report;
        try (WorkspaceServices svc = cli.services(ws)) {
            report = svc.knowledgeReach().report(days, full, ProgressSink.NONE);
        }
        report.problems().forEach(p -> cli.message("warning: " + p));
        cli.print(report, text(report));
        return 0;
    }

    private String text(ReachReport r) {
        long reachedStories = r.stories().stream().filter(s -> !s.injected().isEmpty()).count();
        StringBuilder t = new StringBuilder(String.format("%d loops, %d stories in the last %d days; %d stories got "
                + "knowledge, %d documents reached, %d never reached", r.loops(), r.stories().size(), r.days(),
                reachedStories, r.documents().size(), r.neverReached().size()));
        if (r.replay() != null) {
            t.append(r.replay().full() ? String.format("%nEvery story searched (%s).", r.replay().why())
                    : String.format("%nSearched %d stories again, %d as the last run found them (%d documents changed).",
                    r.replay().replayed(), r.replay().reused(), r.replay().documentsChanged()));
        }
        t.append("\n\nMost reached (stories, loops, first-attempt passes):");
        r.documents().stream().limit(top).forEach(d -> t.append(String.format("%n  %4d %3d %4d  %-14s %s",
                d.stories(), d.loops().size(), d.firstAttemptPasses(), d.type(), d.title())));
        t.append("\n\nReached stories that failed (failed stories):");
        r.reachedFailed().stream().limit(top).forEach(d -> t.append(String.format("%n  %4d  %-14s %s",
                d.failedStories(), d.type(), d.title())));
        Map<String, List<ReachReport.NeverReached>> byWhy = new TreeMap<>();
        r.neverReached().forEach(n -> byWhy.computeIfAbsent(n.why(), k -> new ArrayList<>()).add(n));
        t.append("\n\nNever reached:");
        byWhy.forEach((why, list) -> {
            t.append(String.format("%n  %s: %d", why, list.size()));
            list.stream().limit(top).forEach(n -> t.append(String.format("%n    %-14s %s — %s", n.type(), n.title(),
                    n.detail())));
        });
        return t.toString();
    }
}
