package app.cli;

import app.compose.WorkspaceServices;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import services.policy.Policy;
import services.policy.PolicyService;
import services.policy.PolicySettings;
import services.policy.PolicySimulation;
import services.policy.SupervisedApprovals;

/** {@code brain-console policy …}: the trust dial — show, run, freeze, confirm, simulate, set. */
@Command(name = "policy", mixinStandardHelpOptions = true, description = "The trust dial: what the console approves by itself.",
        subcommands = {PolicyCommand.Show.class, PolicyCommand.Run.class, PolicyCommand.Freeze.class,
            PolicyCommand.Unfreeze.class, PolicyCommand.Confirm.class, PolicyCommand.Revert.class,
            PolicyCommand.Simulate.class, PolicyCommand.Set.class, PolicySurfacesCommand.Surfaces.class,
            PolicySurfacesCommand.Signoff.class})
final class PolicyCommand {

    static Map<String, Object> describe(Policy p) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("version", p.version());
        out.put("frozen", p.frozen());
        Map<String, String> risk = new LinkedHashMap<>();
        Policy.RISKS.stream().filter(p.risk()::containsKey).forEach(r -> risk.put(r, p.risk().get(r).key()));
        out.put("risk", risk);
        Map<String, String> kinds = new LinkedHashMap<>();
        Policy.KIND_KEYS.stream().filter(p.kinds()::containsKey).forEach(k -> kinds.put(k, p.kinds().get(k).key()));
        out.put("kinds", kinds);
        out.put("protected", p.protectedPaths());
        out.put("confirmWithinDays", p.confirmWithinDays());
        return out;
    }

    static String text(Policy p) {
        StringBuilder t = new StringBuilder("policy " + p.version() + (p.frozen() ? " — FROZEN: everything waits for a person" : ""));
        Policy.RISKS.stream().filter(p.risk()::containsKey).forEach(r -> t.append("\n  risk ").append(r).append(": ")
                .append(p.risk().get(r).key()));
        Policy.KIND_KEYS.stream().filter(p.kinds()::containsKey).forEach(k -> t.append("\n  kind ").append(k).append(": ")
                .append(p.kinds().get(k).key()));
        t.append("\n  protected: ").append(String.join(", ", p.protectedPaths()));
        t.append("\n  supervised approvals are reverted unless confirmed within ").append(p.confirmWithinDays()).append(" days");
        return t.toString();
    }

    abstract static class Base extends WorkspaceCommand {
        PolicyService policy;
        private String reviewer;

        @Override
        Integer run() {
            try (WorkspaceServices svc = cli.services(cli.workspace())) {
                policy = svc.policy();
                reviewer = svc.reviewer();
                return execute();
            }
        }

        /** {@code --by}, else the workspace's reviewer, else the user name: one name per person in every log. */
        String by(String given) {
            return given != null && !given.isBlank() ? given : reviewer;
        }

        abstract Integer execute();
    }

    @Command(name = "show", mixinStandardHelpOptions = true, description = "The policy and the approvals to confirm.")
    static final class Show extends Base {
        @Override
        Integer execute() {
            PolicySettings.Loaded loaded = policy.policy();
            Map<String, Object> out = describe(loaded.policy());
            out.put("problem", loaded.problem());
            List<SupervisedApprovals.Pending> pending = policy.toConfirm();
            out.put("toConfirm", pending.stream().map(p -> {
                Map<String, Object> one = new LinkedHashMap<>();
                one.put("id", p.id());
                one.put("kind", p.kind());
                one.put("risk", p.risk());
                one.put("target", p.target());
                one.put("commit", p.commit());
                one.put("branch", p.branch());
                one.put("approvedAt", p.approvedAt().toString());
                one.put("due", p.due().toString());
                return one;
            }).toList());
            StringBuilder t = new StringBuilder(loaded.problem() != null ? "problem: " + loaded.problem() + "\n" : "");
            t.append(text(loaded.policy())).append("\n").append(pending.size()).append(" to confirm");
            pending.forEach(p -> t.append("\n  ").append(p.id()).append("  ").append(p.commit(), 0, 10)
                    .append("  reverted at ").append(p.due()).append(" unless confirmed"));
            cli.print(out, t.toString());
            return 0;
        }
    }

    @Command(name = "run", mixinStandardHelpOptions = true, description = "Apply what the policy allows now.")
    static final class Run extends Base {
        @Override
        Integer execute() {
            PolicyService.RunReport r = policy.run();
            StringBuilder t = new StringBuilder(r.summary());
            r.outcomes().forEach(o -> t.append("\n  ").append(o.id()).append(": ").append(o.action()).append(" (")
                    .append(o.level()).append(") ").append(o.commit() != null ? o.commit().substring(0, 10) : o.reason())
                    .append(o.recallEffect() == null ? "" : "\n    effect on recall: " + o.recallEffect()));
            r.expired().forEach(e -> t.append("\n  ").append(e));
            cli.print(r, t.toString());
            return r.problem() != null ? 1 : 0;
        }
    }

    @Command(name = "freeze", mixinStandardHelpOptions = true, description = "Kill switch: everything waits for a person.")
    static final class Freeze extends Base {
        @Option(names = "--by", paramLabel = "NAME", description = ProposalsCommand.BY_HELP)
        String by;

        @Option(names = {"--reason", "--why"}, required = true, paramLabel = "REASON",
                description = "Why (recorded with the change); --why is the older spelling.")
        String why;

        @Override
        Integer execute() {
            Policy p = policy.freeze(by(by), why);
            cli.print(describe(p), "Policy frozen by " + by(by) + ": every proposal waits for a person until 'policy unfreeze'.");
            return 0;
        }
    }

    @Command(name = "unfreeze", mixinStandardHelpOptions = true, description = "Lift the kill switch.")
    static final class Unfreeze extends Base {
        @Option(names = "--by", paramLabel = "NAME", description = ProposalsCommand.BY_HELP)
        String by;

        @Option(names = {"--reason", "--why"}, required = true, paramLabel = "REASON",
                description = "Why (recorded with the change); --why is the older spelling.")
        String why;

        @Override
        Integer execute() {
            Policy p = policy.unfreeze(by(by), why);
            cli.print(describe(p), "Policy unfrozen by " + by(by) + ".\n" + text(p));
            return 0;
        }
    }

    @Command(name = "confirm", mixinStandardHelpOptions = true, description = "Confirm a supervised approval.")
    static final class Confirm extends Base {
        @Parameters(paramLabel = "ID", description = "Proposal id or commit.")
        String id;

        @Option(names = "--by", paramLabel = "NAME", description = ProposalsCommand.BY_HELP)
        String by;

        @Override
        Integer execute() {
            policy.confirm(id, by(by));
            cli.print(Map.of("confirmed", id, "by", by(by)), "Confirmed " + id + ": it stays applied.");
            return 0;
        }
    }

    @Command(name = "revert", mixinStandardHelpOptions = true, description = "Revert a change the dial applied (supervised or auto) as one new commit.")
    static final class Revert extends Base {
        @Parameters(paramLabel = "ID", description = "Proposal id or commit.")
        String id;

        @Option(names = "--by", paramLabel = "NAME", description = ProposalsCommand.BY_HELP)
        String by;

        @Option(names = {"--reason", "--why"}, required = true, paramLabel = "REASON",
                description = "Why (recorded with the change); --why is the older spelling.")
        String why;

        @Override
        Integer execute() {
            String sha = policy.revert(id, by(by), why);
            cli.print(Map.of("reverted", id, "commit", sha), "Reverted " + id + " with " + sha.substring(0, 10) + ".");
            return 0;
        }
    }

    abstract static class Dial extends Base {
        @Option(names = "--risk", paramLabel = "RISK=LEVEL", description = "e.g. medium=auto (low, medium, high).")
        List<String> risk = new ArrayList<>();

        @Option(names = "--kind", paramLabel = "KIND=LEVEL", description = "e.g. AMEND_SKILL=supervised, skill_update.structural=manual.")
        List<String> kinds = new ArrayList<>();

        @Option(names = "--days", defaultValue = "30", paramLabel = "N",
                converter = OptionValues.Days.class, description = "Decisions of the last N days (default 30).")
        int days;

        Policy candidate() {
            try {
                return PolicySettings.overrides(policy.policy().policy(), risk, kinds);
            } catch (PolicySettings.BadOverride e) { // a bad --risk or --kind is a usage error, as any bad value is
                throw OptionValues.invalid(spec.commandLine(), e.flag(), e.detail());
            }
        }

        static String table(List<PolicySimulation.Row> rows) {
            long differ = rows.stream().filter(PolicySimulation.Row::differs).count();
            StringBuilder t = new StringBuilder(rows.size() + " decisions, " + differ + " would have gone differently");
            rows.stream().filter(PolicySimulation.Row::differs).forEach(r -> t.append(String.format("%n  %-36s %-14s %-7s %s; %s → %s",
                    r.id(), r.kind(), r.risk(), r.note(), r.actual(), r.would())));
            return t.toString();
        }
    }

    @Command(name = "simulate", mixinStandardHelpOptions = true,
            description = "What a changed dial would have done with the last 30 days' decisions (nothing is saved).")
    static final class Simulate extends Dial {
        @Override
        Integer execute() {
            Policy c = candidate();
            List<PolicySimulation.Row> rows = policy.simulate(c, days);
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("policy", describe(c));
            out.put("rows", rows);
            cli.print(out, text(c) + "\n" + Dial.table(rows));
            return 0;
        }
    }

    @Command(name = "set", mixinStandardHelpOptions = true,
            description = "Change the dial (logged with --by and --reason); prints what it would have changed first.")
    static final class Set extends Dial {
        @Option(names = "--by", paramLabel = "NAME", description = ProposalsCommand.BY_HELP)
        String by;

        @Option(names = {"--reason", "--why"}, required = true, paramLabel = "REASON",
                description = "Why (recorded with the change); --why is the older spelling.")
        String why;

        @Override
        Integer execute() {
            Policy c = candidate();
            List<PolicySimulation.Row> rows = policy.simulate(c, days);
            Policy saved = policy.set(c, by(by), why);
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("policy", describe(saved));
            out.put("rows", rows);
            cli.print(out, Dial.table(rows) + "\nSaved:\n" + text(saved));
            return 0;
        }
    }
}
