package app.cli;

import app.compose.WorkspaceServices;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import services.amendments.AmendmentHistory;
import services.amendments.AmendmentsService;
import services.amendments.RevertReport;
import services.review.TextDiff;

/** {@code brain-console amendments …}: dream amendments that were applied, and their reverts. */
@Command(name = "amendments", mixinStandardHelpOptions = true, description = "Dream amendments: list, show, revert.",
        subcommands = {AmendmentsCommand.ListAmendments.class, AmendmentsCommand.Show.class, AmendmentsCommand.Revert.class})
final class AmendmentsCommand {

    static Map<String, Object> summary(AmendmentsService.Amendment a) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("sha", a.sha());
        out.put("id", a.id());
        out.put("kind", a.kind());
        out.put("target", a.target());
        out.put("repo", a.repo());
        out.put("branch", a.branch());
        out.put("cycle", a.cycle());
        out.put("at", a.at() == null ? null : a.at().toString());
        out.put("status", a.label());
        out.put("revertedBy", a.revertedBy());
        out.put("evidence", a.evidence());
        out.put("note", a.note());
        return out;
    }

    abstract static class Base extends WorkspaceCommand {
        AmendmentsService amendments;
        String reviewer;

        @Override
        Integer run() {
            try (WorkspaceServices svc = cli.services(cli.workspace())) {
                amendments = svc.amendments();
                reviewer = svc.reviewer();
                return execute();
            }
        }

        abstract Integer execute();
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "Applied amendments, newest first.")
    static final class ListAmendments extends Base {
        @Option(names = "--status", paramLabel = "S", description = "Only this status: applied, reverted, missing "
                + "(the commit is gone) or left-alone (the commit is not the dream's own amendment).")
        String status;

        @Override
        Integer run() {
            if (status != null && !List.of("applied", "reverted", "missing", "left-alone").contains(status)) {
                throw new ParameterException(spec.commandLine(), "Invalid value for option "
                        + "'--status': \"" + status + "\" is not an amendment status; use one of applied, reverted, "
                        + "missing, left-alone.");
            }
            return super.run();
        }

        @Override
        Integer execute() {
            AmendmentsService.Listing listing = amendments.list();
            List<AmendmentsService.Amendment> shown = listing.amendments().stream()
                    .filter(a -> status == null || a.label().equals(status)
                            || "missing".equals(status) && a.label().equals("commit missing")
                            || "left-alone".equals(status) && a.status() == AmendmentsService.Status.LEFT_ALONE).toList();
            listing.problems().forEach(p -> cli.message("warning: " + p));
            StringBuilder text = new StringBuilder(Plural.of(shown.size(), "amendment"));
            for (AmendmentsService.Amendment a : shown) {
                text.append(String.format("%n  %-10s %-15s %-21s %-16s %-30s %s", a.sha().length() > 10
                        ? a.sha().substring(0, 10) : a.sha(), a.label(), a.id(), a.kindWords(), a.target(),
                        a.at() == null ? "" : a.at().toString().substring(0, 10)));
                if (a.status() == AmendmentsService.Status.LEFT_ALONE) {
                    text.append(System.lineSeparator()).append("             left alone: ").append(a.note());
                }
            }
            Map<String, Object> json = new LinkedHashMap<>();
            json.put("amendments", shown.stream().map(AmendmentsCommand::summary).toList());
            json.put("problems", listing.problems());
            cli.print(json, text.toString());
            return 0;
        }
    }

    @Command(name = "show", mixinStandardHelpOptions = true, description = "One amendment and its diff.")
    static final class Show extends Base {
        @Parameters(paramLabel = "SHA")
        String sha;

        @Override
        Integer execute() {
            AmendmentsService.Amendment a = amendments.find(sha);
            StringBuilder diff = new StringBuilder();
            for (AmendmentHistory.FileChange c : amendments.changes(a)) {
                diff.append(TextDiff.unified(c.path(), c.before(), c.after()));
            }
            Map<String, Object> json = summary(a);
            json.put("diff", diff.toString());
            cli.print(json, a.id() + " — " + a.kindWords() + " on " + a.target() + " (" + a.label() + ", " + a.repo()
                    + " repo, branch " + a.branch() + ")\n" + (a.note().isEmpty() ? "" : a.note() + "\n") + "\n" + diff);
            return 0;
        }
    }

    @Command(name = "revert", mixinStandardHelpOptions = true, description = "Revert amendments (newest first) as new "
            + "commits; one already reverted or whose commit is missing is left out and named. With --run, every "
            + "amendment one dream or retro run applied, newest first, all or nothing, with one record.")
    static final class Revert extends Base {
        @Parameters(paramLabel = "SHA", arity = "0..*")
        List<String> shas;

        @Option(names = "--run", paramLabel = "RUN_ID", description = "Revert every amendment of this run (its cycle "
                + "in the dream log) instead of naming commits; needs --reason.")
        String run;

        @Option(names = "--by", paramLabel = "NAME", description = ProposalsCommand.BY_HELP)
        String by;

        @Option(names = {"--reason", "--why"}, paramLabel = "REASON",
                description = "Why (kept in the record); required with --run; --why is the older spelling.")
        String reason;

        @Override
        Integer run() {
            boolean named = shas != null && !shas.isEmpty();
            if (run != null && named) {
                throw new ParameterException(spec.commandLine(), "Give either --run RUN_ID or amendment SHAs, not both.");
            }
            if (run == null && !named) {
                throw new ParameterException(spec.commandLine(), "Name the amendments to revert: SHA…, or --run RUN_ID "
                        + "for every amendment of one run.");
            }
            if (run != null && (reason == null || reason.isBlank())) {
                throw new ParameterException(spec.commandLine(), "Reverting a whole run needs --reason REASON.");
            }
            return super.run();
        }

        @Override
        Integer execute() {
            String by = this.by != null && !this.by.isBlank() ? this.by : reviewer;
            if (run != null) {
                AmendmentsService.RunReverted done = amendments.revertRun(run, by, reason);
                RevertReport report = new RevertReport(done.reverted(), done.leftOut());
                Map<String, Object> json = new LinkedHashMap<>();
                json.put("run", done.run());
                json.put("reverted", done.reverted());
                json.put("leftOut", done.leftOut());
                cli.print(json, "Reverted run " + done.run() + ": " + Plural.of(done.reverted().size(), "amendment")
                        + ", newest first, recorded once.\n" + String.join("\n", report.lines()));
                return 0;
            }
            RevertReport report = amendments.revertWhatCan(shas, by);
            Map<String, Object> json = new LinkedHashMap<>();
            json.put("reverted", report.reverted());
            json.put("leftOut", report.leftOut());
            cli.print(json, String.join("\n", report.lines()));
            return 0;
        }
    }
}
