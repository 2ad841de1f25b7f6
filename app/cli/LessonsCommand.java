package app.cli;

import app.compose.WorkspaceServices;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import services.errors.ConsoleException;
import services.knowledge.KnowledgeDoc;
import services.reach.KnowledgeReach;
import services.reach.LessonLifecycle;
import services.reach.LessonLog;
import services.reach.SimilarLessons;
import services.tasks.ProgressSink;
import services.workspace.Reviewer;
import services.workspace.Workspace;

/** {@code brain-console lessons}: the lessons' lifecycle, judged on the reach of the recent loops. */
@Command(name = "lessons", mixinStandardHelpOptions = true, subcommands = {LessonsCommand.Deprecate.class, LessonsCommand.Similar.class},
        description = "Judge every lesson (candidate, established, proven, deprecated) on the reach of the loops of "
                + "the last N days (at least lessons.deprecateAfterDays), log the changes to state/lessons.jsonl, "
                + "and list the lessons.")
final class LessonsCommand extends WorkspaceCommand {

    @Option(names = "--state", paramLabel = "S", description = "Only lessons in this state.")
    String state;

    @Option(names = "--days", paramLabel = "N",
            converter = OptionValues.Days.class, description = "The window (default: lessons.deprecateAfterDays, 60).")
    Integer days;

    @Override
    Integer run() {
        if (state != null && !LessonLifecycle.STATES.contains(state)) {
            throw OptionValues.notOneOf(spec.commandLine(), "--state", state, "a lesson state", LessonLifecycle.STATES);
        }
        Workspace ws = cli.workspace();
        LessonLifecycle.Rules rules = LessonLifecycle.Rules.of(ws);
        int window = days == null ? rules.deprecateAfterDays() : days;
        if (window < 1) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--days " + window
                    + ": give a whole number of days, 1 or more.");
        }
        LessonLifecycle.Evaluation e;
        try (WorkspaceServices svc = cli.services(ws)) {
            KnowledgeReach.Result result = svc.knowledgeReach().run(window, ProgressSink.NONE);
            result.report().problems().forEach(p -> cli.message("warning: " + p));
            e = result.lessons();
        }
        List<LessonLifecycle.Lesson> shown = e.lessons().stream()
                .filter(l -> state == null || l.state().equals(state)).toList();
        Map<String, Long> counts = new LinkedHashMap<>();
        LessonLifecycle.STATES.forEach(s -> counts.put(s, e.lessons().stream().filter(l -> l.state().equals(s)).count()));
        StringBuilder text = new StringBuilder(String.format("%d lessons over %d days: %s; %d changed", e.lessons().size(),
                window, counts.toString().replaceAll("[{}]", ""), e.transitions().size()));
        for (LessonLifecycle.Lesson l : shown) {
            text.append(String.format("%n  %-11s %3d stories %2d loops  %-60.60s %s", l.state(), l.stories(), l.loops(),
                    l.title(), l.reason() == null ? "" : l.reason()));
        }
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("days", window);
        json.put("rules", rules);
        json.put("counts", counts);
        json.put("lessons", shown);
        json.put("transitions", e.transitions());
        cli.print(json, text.toString());
        return 0;
    }

    @Command(name = "deprecate", mixinStandardHelpOptions = true,
            description = "Deprecate a lesson by hand, with a reason (logged to state/lessons.jsonl).")
    static final class Deprecate extends WorkspaceCommand {
        @Parameters(paramLabel = "ID", description = "The lesson's document id, e.g. lesson:loop-abc:0.")
        String id;

        @Option(names = {"--reason", "--why"}, paramLabel = "REASON", required = true,
                description = "Why (recorded with the change); --why is the older spelling.")
        String reason;

        @Option(names = "--by", paramLabel = "NAME",
                description = "Who deprecates it (default: the workspace's reviewer, else your user name).")
        String by;

        @Override
        Integer run() {
            Workspace ws = cli.workspace();
            try (WorkspaceServices svc = cli.services(ws)) {
                LessonLog.Transition t = svc.lessonLifecycle().deprecate(id, reason, Reviewer.or(by, ws),
                        svc.clock().instant());
                cli.print(t, id + ": " + t.from() + " → deprecated (" + t.reason() + ")");
            }
            return 0;
        }
    }

    @Command(name = "similar", mixinStandardHelpOptions = true,
            description = "The other lessons most like this one (a new lesson: do we already know it, or the opposite?).")
    static final class Similar extends WorkspaceCommand {
        @Parameters(paramLabel = "ID", description = "The lesson's document id, e.g. lesson:loop-abc:0.")
        String id;

        @Override
        Integer run() {
            Workspace ws = cli.workspace();
            try (WorkspaceServices svc = cli.services(ws)) {
                KnowledgeDoc doc = svc.index().get(id).orElseThrow(() ->
                        new ConsoleException("No document \"" + id + "\" in the index."));
                if (!"lesson".equals(doc.type())) {
                    throw new ConsoleException(id + " is a " + doc.type() + ", not a lesson.");
                }
                SimilarLessons.Found found = svc.similarLessons().similarTo(doc.content(), id);
                cli.print(found, id + ": " + doc.title() + "\n\n" + ProposalsCommand.Show.similarText(found)
                        .replace("this proposal:", "this lesson:  "));
            }
            return 0;
        }
    }
}
