package services.policy;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The promotion ladder, derived from facts alone (the decision log's approvals, reverts and sign-offs, and the
 * reverts found on the review branch): the same facts always give the same rungs. Each surface starts at the level
 * it is configured at; a clean apply on it counts; any revert of a change on it demotes it to gated at once and
 * starts the count again; a sign-off by a person promotes a gated surface to auto only when it counts at least
 * {@code promoteAfter} applies since its last demotion. A forbidden surface never moves; a sign-off that does not
 * hold when it is made (by {@code policy:…}, too early, on a forbidden or an auto surface) changes nothing.
 */
public final class SurfaceLadder {

    /** A change applied on the review branch: {@code verified} when git holds it with its Proposal-Id trailer. */
    public record Apply(Instant at, String repo, String target, String proposal, String commit, String by,
                        boolean verified) {
    }

    /** A revert of {@code reverted} (a commit) by {@code by}; {@code repo}/{@code target} when the revert names them. */
    public record Revert(Instant at, String reverted, String revert, String by, String repo, String target,
                         String proposal, boolean automatic) {
    }

    public record Signoff(Instant at, String surface, String by, String reason) {
    }

    /** A demotion: when, the commit whose revert caused it, the revert commit, who reverted and the proposal. */
    public record Demotion(Instant at, String commit, String revert, String by, String proposal, Rung before) {
    }

    /** One step of a surface's history: applied, eligible, promoted, refused (a sign-off that did not hold), demoted. */
    public record Event(Instant at, String surface, String what, Rung rung, int clean, String proposal, String commit,
                        String revert, String by, String note) {
    }

    /** A surface's track record and rung now. */
    public record Record(Surface surface, Rung configured, Rung rung, int clean, int autoApplies, int applies,
                         int reverts, int promoteAfter, boolean eligible, Signoff lastSignoff, Demotion lastDemotion,
                         List<Event> events) {
    }

    private SurfaceLadder() {
    }

    /**
     * The records of {@code surfaces}, folding every fact at or after {@code since} (null: all) and up to
     * {@code until} (null: all), oldest first; {@code configured} gives each surface's starting rung (forbidden for
     * a surface on a protected path).
     */
    public static List<Record> fold(Surfaces surfaces, Map<String, Rung> configured, List<Apply> applies,
                                    List<Revert> reverts, List<Signoff> signoffs, Instant since, Instant until) {
        Map<String, Apply> byCommit = new HashMap<>();
        applies.forEach(a -> byCommit.putIfAbsent(a.commit(), a));
        List<Object[]> facts = new ArrayList<>();
        applies.forEach(a -> facts.add(new Object[] {a.at(), 0, a}));
        reverts.forEach(r -> facts.add(new Object[] {r.at(), 1, r}));
        signoffs.forEach(s -> facts.add(new Object[] {s.at(), 2, s}));
        facts.removeIf(f -> f[0] == null || (since != null && ((Instant) f[0]).isBefore(since))
                || (until != null && ((Instant) f[0]).isAfter(until)));
        facts.sort(Comparator.comparing((Object[] f) -> (Instant) f[0]).thenComparing(f -> (Integer) f[1]));
        Map<String, State> states = new LinkedHashMap<>();
        for (Surface s : surfaces.list()) {
            states.put(s.name(), new State(s, configured.getOrDefault(s.name(), s.level())));
        }
        int n = surfaces.promoteAfter();
        for (Object[] f : facts) {
            if (f[2] instanceof Apply a) {
                for (Surface s : surfaces.covering(a.repo(), a.target())) {
                    states.get(s.name()).apply(a, n);
                }
            } else if (f[2] instanceof Revert r) {
                Apply a = byCommit.get(r.reverted());
                String repo = a != null ? a.repo() : r.repo();
                String target = a != null ? a.target() : r.target();
                for (Surface s : surfaces.covering(repo, target)) {
                    states.get(s.name()).revert(r, a);
                }
            } else if (f[2] instanceof Signoff so) {
                Surface s = surfaces.named(so.surface());
                if (s != null) {
                    states.get(s.name()).signoff(so, n);
                }
            }
        }
        return states.values().stream().map(st -> st.record(n)).toList();
    }

    /** Whether {@code by} names a person: not blank, not the dial or the console ({@code policy:…}). */
    static boolean person(String by) {
        return by != null && !by.isBlank() && !by.strip().toLowerCase(Locale.ROOT).startsWith("policy:");
    }

    private static final class State {
        final Surface surface;
        final Rung configured;
        Rung rung;
        int clean;
        int autoApplies;
        int applies;
        int reverts;
        Signoff lastSignoff;
        Demotion lastDemotion;
        final List<Event> events = new ArrayList<>();

        State(Surface surface, Rung configured) {
            this.surface = surface;
            this.configured = configured;
            this.rung = configured;
        }

        void apply(Apply a, int n) {
            if (!a.verified()) {
                return; // not on the review branch with its trailer: no evidence of a clean apply
            }
            applies++;
            clean++;
            if (a.by() != null && a.by().startsWith("policy:")) {
                autoApplies++;
            }
            events.add(new Event(a.at(), surface.name(), "applied", rung, clean, a.proposal(), a.commit(), null, a.by(),
                    null));
            if (rung == Rung.GATED && clean == n) {
                events.add(new Event(a.at(), surface.name(), "eligible", rung, clean, a.proposal(), a.commit(), null, null,
                        clean + " clean applies since the last demotion: a sign-off may promote it to auto"));
            }
        }

        void revert(Revert r, Apply a) {
            reverts++;
            clean = 0;
            Rung before = rung;
            if (rung != Rung.FORBIDDEN) {
                rung = Rung.GATED;
            }
            lastDemotion = new Demotion(r.at(), r.reverted(), r.revert(), r.by(), a != null ? a.proposal() : r.proposal(),
                    before);
            events.add(new Event(r.at(), surface.name(), "demoted", rung, 0, lastDemotion.proposal(), r.reverted(), r.revert(),
                    r.by(),
                    (r.automatic() ? "automatic revert" : "revert by " + r.by()) + " of " + abbreviate(r.reverted())));
        }

        void signoff(Signoff so, int n) {
            String refused = !person(so.by()) ? "not a person's sign-off (" + so.by() + ")"
                    : configured == Rung.FORBIDDEN ? "the surface is forbidden"
                    : rung == Rung.AUTO ? "the surface is auto already"
                    : clean < n ? "only " + clean + " of " + n + " clean applies since the last demotion" : null;
            if (refused != null) {
                events.add(new Event(so.at(), surface.name(), "refused", rung, clean, null, null, null, so.by(),
                        refused));
                return;
            }
            rung = Rung.AUTO;
            lastSignoff = so;
            events.add(new Event(so.at(), surface.name(), "promoted", rung, clean, null, null, null, so.by(),
                    so.reason()));
        }

        Record record(int n) {
            return new Record(surface, configured, rung, clean, autoApplies, applies, reverts, n,
                    rung == Rung.GATED && configured != Rung.FORBIDDEN && clean >= n, lastSignoff, lastDemotion,
                    List.copyOf(events));
        }
    }

    static String abbreviate(String sha) {
        return sha == null ? "?" : sha.length() > 10 ? sha.substring(0, 10) : sha;
    }
}
