package app.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import services.policy.Rung;
import services.policy.SurfaceLadder;

/** {@code policy surfaces} and {@code policy signoff}: the promotion ladder of the workspace's surfaces. */
final class PolicySurfacesCommand {

    private PolicySurfacesCommand() {
    }

    static Map<String, Object> describe(SurfaceLadder.Record r, boolean events) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("name", r.surface().name());
        out.put("repo", r.surface().repo());
        out.put("path", r.surface().path());
        out.put("level", r.surface().level().key());
        out.put("rung", r.rung().key());
        out.put("eligible", r.eligible());
        out.put("cleanApplies", r.clean());
        out.put("promoteAfter", r.promoteAfter());
        out.put("applies", r.applies());
        out.put("appliedByPolicy", r.autoApplies());
        out.put("reverts", r.reverts());
        out.put("lastSignoff", r.lastSignoff() == null ? null : Map.of("at", r.lastSignoff().at().toString(),
                "by", r.lastSignoff().by(), "reason", String.valueOf(r.lastSignoff().reason())));
        if (r.lastDemotion() == null) {
            out.put("lastDemotion", null);
        } else {
            Map<String, Object> d = new LinkedHashMap<>();
            d.put("at", r.lastDemotion().at().toString());
            d.put("commit", r.lastDemotion().commit());
            d.put("revert", r.lastDemotion().revert());
            d.put("by", r.lastDemotion().by());
            d.put("proposal", r.lastDemotion().proposal());
            out.put("lastDemotion", d);
        }
        if (events) {
            out.put("events", r.events().stream().map(e -> {
                Map<String, Object> one = new LinkedHashMap<>();
                one.put("at", e.at().toString());
                one.put("what", e.what());
                one.put("rung", e.rung().key());
                one.put("cleanApplies", e.clean());
                one.put("proposal", e.proposal());
                one.put("commit", e.commit());
                one.put("revert", e.revert());
                one.put("by", e.by());
                one.put("note", e.note());
                return one;
            }).toList());
        }
        return out;
    }

    static String line(SurfaceLadder.Record r) {
        StringBuilder t = new StringBuilder(String.format("%-16s %-7s %s (%s), configured %s, %d/%d clean applies%s",
                r.surface().name(), r.rung().key(), r.surface().path(), r.surface().repo(), r.surface().level().key(),
                r.clean(), r.promoteAfter(), r.eligible() ? " — eligible: 'policy signoff " + r.surface().name() + "'" : ""));
        t.append("\n    last sign-off: ").append(r.lastSignoff() == null ? "none" : r.lastSignoff().by() + " at "
                + r.lastSignoff().at() + (r.lastSignoff().reason() == null ? "" : " (" + r.lastSignoff().reason() + ")"));
        t.append("\n    last demotion: ").append(r.lastDemotion() == null ? "none" : r.lastDemotion().at()
                + ", revert of " + abbreviate(r.lastDemotion().commit()) + " by " + r.lastDemotion().by()
                + (r.lastDemotion().proposal() == null ? "" : " (" + r.lastDemotion().proposal() + ")"));
        return t.toString();
    }

    private static String abbreviate(String sha) {
        return sha == null ? "?" : sha.length() > 10 ? sha.substring(0, 10) : sha;
    }

    @Command(name = "surfaces", mixinStandardHelpOptions = true,
            description = "Each surface's rung and track record; --simulate: what the ladder would have done.")
    static final class Surfaces extends PolicyCommand.Base {
        @Option(names = "--simulate", description = "Replay the last --days days of decisions from each surface's "
                + "configured level (nothing is saved).")
        boolean simulate;

        @Option(names = "--days", defaultValue = "30", paramLabel = "N", converter = OptionValues.Days.class,
                description = "With --simulate: the decisions of the last N days (default 30).")
        int days;

        @Override
        Integer execute() {
            List<SurfaceLadder.Record> records = simulate ? policy.ladder().simulate(days) : policy.ladder().records();
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("simulated", simulate);
            if (simulate) {
                out.put("days", days);
            }
            out.put("surfaces", records.stream().map(r -> describe(r, simulate)).toList());
            StringBuilder t = new StringBuilder(records.isEmpty() ? "No surfaces: policy.surfaces in workspace.json "
                    + "names none." : simulate ? "What the ladder would have done with the last " + days + " days, "
                    + "each surface starting at its configured level:" : records.size() + " surfaces");
            for (SurfaceLadder.Record r : records) {
                t.append("\n").append(line(r));
                if (simulate) {
                    r.events().stream().filter(e -> !e.what().equals("applied")).forEach(e -> t.append("\n    ")
                            .append(e.at()).append("  ").append(e.what()).append(" → ").append(e.rung().key())
                            .append(e.note() == null ? "" : ": " + e.note()));
                    long held = r.events().stream().filter(e -> e.what().equals("applied")
                            && e.rung() != Rung.AUTO).count();
                    t.append("\n    ").append(r.applies()).append(" applied, ").append(held)
                            .append(" of them while the surface was not auto (a person decides)");
                }
            }
            cli.print(out, t.toString());
            return 0;
        }
    }

    @Command(name = "signoff", mixinStandardHelpOptions = true,
            description = "Promote an eligible gated surface to auto: a person's sign-off, logged.")
    static final class Signoff extends PolicyCommand.Base {
        @Parameters(paramLabel = "SURFACE", description = "The surface's name (see 'policy surfaces').")
        String surface;

        @Option(names = "--by", required = true, paramLabel = "NAME", description = "The person who signs off.")
        String by;

        @Option(names = {"--reason", "--why"}, required = true, paramLabel = "REASON",
                description = "Why (recorded with the sign-off); --why is the older spelling.")
        String why;

        @Override
        Integer execute() {
            SurfaceLadder.Record r = policy.ladder().signoff(surface, by, why);
            cli.print(describe(r, false), "Surface " + r.surface().name() + " promoted to " + r.rung().key()
                    + " by " + by + ". Any revert of a change on it demotes it to gated.\n" + line(r));
            return 0;
        }
    }
}
