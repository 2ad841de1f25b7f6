package app.cli;

import app.compose.WorkspaceServices;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import services.text.HumanDuration;
import services.failed.FailedTargetsService;
import services.workspace.Workspace;

/** {@code brain-console failed …}: failed targets across Redis and the index. */
@Command(name = "failed", mixinStandardHelpOptions = true, description = "Failed targets: list, clear, prune.",
        subcommands = {FailedCommand.ListTargets.class, FailedCommand.Clear.class, FailedCommand.Prune.class,
            FailedCommand.SeedRedis.class})
final class FailedCommand {

    abstract static class Base extends WorkspaceCommand {
        @Override
        Integer run() {
            Workspace ws = cli.workspace();
            try (WorkspaceServices svc = cli.services(ws)) {
                return execute(svc.failedTargets());
            }
        }

        abstract Integer execute(FailedTargetsService service);
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "Failed targets, newest first.")
    static final class ListTargets extends Base {
        @Option(names = "--project", paramLabel = "P")
        String project;

        @Override
        Integer execute(FailedTargetsService service) {
            FailedTargetsService.Listing listing = service.list();
            listing.problems().forEach(p -> cli.message("warning: " + p));
            if (listing.notice() != null) {
                cli.message(listing.notice());
            }
            List<FailedTargetsService.Target> shown = listing.targets().stream()
                    .filter(t -> project == null || t.project().equals(project)).toList();
            if (project != null && shown.isEmpty() && !listing.targets().isEmpty()) { // a typo reads as "all clear"
                List<String> projects = listing.targets().stream().map(FailedTargetsService.Target::project).distinct()
                        .sorted().toList();
                cli.message("note: no failed target of project '" + project + "' — " + SearchFilters.projectsNamed(
                        projects, "the projects with failed targets", projects.size() + " projects have failed targets")
                        + ".");
            }
            long now = cli.app().clock().millis();
            StringBuilder text = new StringBuilder(Plural.of(shown.size(), "failed target")
                    + (!listing.redisConfigured() ? " (index only: no Redis configured)" : listing.notice() != null
                    ? " (index only: this Redis holds no failed-target sets)" : ""));
            for (FailedTargetsService.Target t : shown) {
                text.append(String.format("%n  %-26s %-6s failed %-10s %-16s %s", t.key(), t.where().name().toLowerCase(),
                        ago(now - t.failedAtMillis()), expires(t.expiresAtMillis() - now),
                        t.storyTitle() + (t.otherStories().isEmpty() ? "" : "  " + t.otherStories())));
            }
            Map<String, Object> json = new LinkedHashMap<>();
            json.put("targets", shown);
            json.put("problems", listing.problems());
            json.put("redisHoldsSets", listing.redisConfigured() ? listing.notice() == null : null);
            if (listing.notice() != null) {
                json.put("notice", listing.notice());
            }
            cli.print(json, text.toString());
            return 0;
        }
    }

    @Command(name = "clear", mixinStandardHelpOptions = true,
            description = "Clear targets (project/target, or a failed_target document id) so they may be retried.")
    static final class Clear extends Base {
        @Parameters(paramLabel = "ID", arity = "1..*")
        List<String> ids;

        @Option(names = {"--reason", "--why"}, required = true, paramLabel = "REASON",
                description = "Why it is cleared; recorded in the decision log; --why is the older spelling.")
        String reason;

        @Option(names = "--by", paramLabel = "NAME", description = ProposalsCommand.BY_HELP)
        String by;

        @Override
        Integer execute(FailedTargetsService service) {
            List<FailedTargetsService.Outcome> out = service.clear(ids, reason, by);
            StringBuilder text = new StringBuilder();
            out.forEach(o -> text.append(o.key()).append(": Redis ").append(o.redis()).append(", index ")
                    .append(o.index()).append(" (").append(Plural.of(o.docsDeleted(), "document")).append(")\n"));
            boolean complete = out.stream().allMatch(FailedTargetsService.Outcome::complete);
            if (!complete) {
                text.append("Not every store was cleared: run the same command again to finish.");
            }
            cli.print(out, text.toString().stripTrailing());
            return complete ? 0 : 1;
        }
    }

    @Command(name = "prune", mixinStandardHelpOptions = true, description = "Remove targets older than the TTL.")
    static final class Prune extends Base {
        @Option(names = "--by", paramLabel = "NAME", description = ProposalsCommand.BY_HELP)
        String by;

        @Override
        Integer execute(FailedTargetsService service) {
            FailedTargetsService.PruneResult r = service.prune(by);
            cli.print(r, "Pruned " + Plural.of(r.redisRemoved(), "Redis member") + " and "
                    + Plural.of(r.docsRemoved().size(), "document") + " older than the TTL.");
            return 0;
        }
    }

    @Command(name = "copy-to-redis", mixinStandardHelpOptions = true,
            description = "Write every failed_target document into the configured Redis (the demo's seeding step).")
    static final class SeedRedis extends Base {
        @Override
        Integer execute(FailedTargetsService service) {
            // the targets counted as 'failed list' counts them, and the documents they came from — never one number
            // for the other (5 documents under 3 targets read as "5 failed targets" beside 3 listed)
            FailedTargetsService.Copied c = service.copyIndexToRedis();
            Map<String, Object> json = new LinkedHashMap<>();
            json.put("written", c.targets());
            json.put("documents", c.documents());
            cli.print(json, "Wrote " + Plural.of(c.targets(), "failed target") + " to Redis (from "
                    + Plural.of(c.documents(), "document") + " in the index).");
            return 0;
        }
    }

    static String ago(long millis) {
        return HumanDuration.of(millis) + " ago";
    }

    static String expires(long millis) {
        return millis <= 0 ? "expired" : "expires in " + HumanDuration.of(millis);
    }
}
