package services.policy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import services.amendments.AmendmentHistory;
import services.audit.DecisionLock;
import services.review.Proposal;
import services.text.PlainText;
import services.workspace.Workspace;

/**
 * The promotion ladder of a workspace's surfaces: their records and rungs (derived by {@link SurfaceLadder} from the
 * decision log and git, never stored elsewhere), a person's sign-off, the demotion lines, the level a proposal on a
 * surface gets, and what the ladder would have done with the last days' decisions.
 */
public final class Ladder {

    /** The decision-log action of a person's sign-off promoting a surface. */
    public static final String SIGNOFF = "surface.signoff";
    /** The decision-log action recording that a revert demoted a surface. */
    public static final String DEMOTE = "surface.demote";

    private final Workspace ws;
    private final PolicyLog log;
    private final PolicySettings settings;
    private final Function<Path, AmendmentHistory> histories;
    private final Clock clock;
    private final DecisionLock lock;
    /** The rungs the level of each proposal was last read from; see {@link #current}. */
    private volatile Cached cached;

    private record Cached(String key, long readAt, List<SurfaceLadder.Record> records) {
    }

    /** How long the rungs behind a proposal's level are reused while neither the log nor the policy changed. */
    private static final Duration REUSE = Duration.ofSeconds(5);

    Ladder(Workspace ws, PolicyLog log, PolicySettings settings, Function<Path, AmendmentHistory> histories, Clock clock) {
        this.ws = ws;
        this.log = log;
        this.settings = settings;
        this.histories = histories;
        this.clock = clock;
        this.lock = new DecisionLock(ws.stateDir());
    }

    /** Every surface's record now, in the order the policy lists them. */
    public List<SurfaceLadder.Record> records() {
        Surfaces surfaces = settings.surfaces();
        return records(surfaces, log.entries(), null, null);
    }

    private List<SurfaceLadder.Record> records(Surfaces surfaces, List<JsonNode> entries, Instant since, Instant until) {
        if (surfaces.list().isEmpty()) {
            return List.of();
        }
        LadderFacts f = LadderFacts.read(entries, surfaces, ws, histories);
        return SurfaceLadder.fold(surfaces, configured(surfaces), f.applies, f.reverts, f.signoffs, since, until);
    }

    /** Each surface's starting rung: as configured, forbidden for a surface on a protected path. */
    private Map<String, Rung> configured(Surfaces surfaces) {
        Policy policy = settings.load().policy();
        Map<String, Rung> out = new HashMap<>();
        for (Surface s : surfaces.list()) {
            boolean protectedPath = !Surface.isGlob(s.path()) && policy.guarded(s.path()) != null;
            out.put(s.name(), protectedPath ? Rung.FORBIDDEN : s.level());
        }
        return out;
    }

    /**
     * The level for proposals, the surfaces' rungs read once: a proposal on a surface gets its rung's level (on
     * several, the strictest); the kill switch and protected paths still come first; a target no surface names keeps
     * the dial's risk and kind levels.
     */
    Function<Proposal, Policy.Applying> resolver(Policy policy) {
        Surfaces surfaces;
        try {
            surfaces = settings.surfaces();
        } catch (PolicyException unreadable) {
            return p -> new Policy.Applying(Level.MANUAL, "the policy cannot be read");
        }
        Map<String, SurfaceLadder.Record> byName = new HashMap<>();
        return p -> {
            Policy.Applying base = policy.resolve(p);
            List<Surface> on = surfaces.covering(p.repo(), p.target());
            if (on.isEmpty() || policy.frozen() || policy.guarded(p.target()) != null) {
                return base;
            }
            if (byName.isEmpty()) {
                current(surfaces).forEach(r -> byName.put(r.surface().name(), r));
            }
            SurfaceLadder.Record strictest = on.stream().map(s -> byName.get(s.name()))
                    .min(Comparator.comparing(SurfaceLadder.Record::rung)).orElseThrow();
            return new Policy.Applying(strictest.rung().level(), reason(strictest));
        };
    }

    /**
     * The records for the level of proposals: a list screen asks for each proposal's level, so they are derived once
     * and reused while the decision log and {@code workspace.json} are unchanged, for at most {@link #REUSE} (a
     * revert made in git alone is seen after that). Sign-offs and the records shown are always derived afresh.
     */
    private List<SurfaceLadder.Record> current(Surfaces surfaces) {
        String key = stamp(log.file()) + "|" + stamp(ws.dir().resolve(Workspace.FILE_NAME)) + "|" + surfaces.hashCode();
        long now = System.nanoTime();
        Cached c = cached;
        if (c != null && c.key().equals(key) && now - c.readAt() < REUSE.toNanos()) {
            return c.records();
        }
        List<SurfaceLadder.Record> fresh = records(surfaces, log.entries(), null, null);
        cached = new Cached(key, now, fresh);
        return fresh;
    }

    private static String stamp(Path file) {
        try {
            return Files.size(file) + "@" + Files.getLastModifiedTime(file).toMillis();
        } catch (IOException absent) {
            return "none";
        }
    }

    private static String reason(SurfaceLadder.Record r) {
        String name = "surface " + r.surface().name();
        return switch (r.rung()) {
            case FORBIDDEN -> name + " is forbidden: always a person";
            case GATED -> name + " is gated: a person decides (" + r.clean() + "/" + r.promoteAfter() + " clean applies)";
            case AUTO -> name + " is auto" + (r.lastSignoff() != null ? " (signed off by " + r.lastSignoff().by() + ")" : "");
        };
    }

    /**
     * Promotes {@code surface} to auto: a person's sign-off, logged. Refused in words when the workspace is read-only
     * or frozen, the surface unknown or forbidden, auto already, or not eligible yet.
     */
    public SurfaceLadder.Record signoff(String surface, String by, String reason) {
        PolicyLog.requirePerson(by, reason, "a sign-off");
        if (ws.readOnly()) {
            throw new PolicyException("Workspace " + ws.name() + " is read-only: no surface can be signed off.");
        }
        Policy policy = settings.read();
        if (policy.frozen()) {
            throw new PolicyException("The policy is frozen: no surface is promoted until 'policy unfreeze'.");
        }
        Surfaces surfaces = settings.surfaces();
        Surface s = surfaces.named(surface);
        if (s == null) {
            throw new PolicyException("No surface is called " + PlainText.shown(surface) + "; the policy names "
                    + (surfaces.list().isEmpty() ? "none" : String.join(", ", surfaces.list().stream().map(Surface::name)
                    .toList())) + ".");
        }
        return lock.run(() -> {
            SurfaceLadder.Record r = record(surfaces, s);
            if (r.configured() == Rung.FORBIDDEN) {
                throw new PolicyException("Surface " + s.name() + " is forbidden" + (s.level() == Rung.FORBIDDEN ? ""
                        : " (a protected path)") + ": it is never promoted; a person decides every change to it.");
            }
            if (r.rung() == Rung.AUTO) {
                throw new PolicyException("Surface " + s.name() + " is auto already: there is nothing to sign off.");
            }
            if (!r.eligible()) {
                throw new PolicyException("Surface " + s.name() + " is not eligible: " + r.clean() + " of "
                        + r.promoteAfter() + " clean applies since its last demotion" + (r.lastDemotion() == null ? ""
                        : " (the revert of " + SurfaceLadder.abbreviate(r.lastDemotion().commit()) + ")") + ".");
            }
            ObjectNode e = log.entry(SIGNOFF, by);
            e.put("surface", s.name());
            e.put("repo", s.repo());
            e.put("path", s.path());
            e.put("reason", reason);
            e.put("clean_applies", r.clean());
            e.put("promote_after", r.promoteAfter());
            e.put("rung_before", r.rung().key());
            e.put("rung_after", Rung.AUTO.key());
            log.append(e);
            return record(surfaces, s);
        });
    }

    private SurfaceLadder.Record record(Surfaces surfaces, Surface s) {
        return records(surfaces, log.entries(), null, null).stream().filter(r -> r.surface().name().equals(s.name()))
                .findFirst().orElseThrow();
    }

    /**
     * Writes a {@code surface.demote} line for each revert that demoted a surface and has none yet — after a
     * person's revert, an expiry, or an automatic revert after a failed check. The rungs do not depend on these lines
     * (they follow from the reverts themselves); they say in the log when and why a surface went down. A read-only
     * workspace writes nothing. Returns one sentence per line written.
     */
    public List<String> recordDemotions() {
        if (ws.readOnly()) {
            return List.of();
        }
        Surfaces surfaces;
        try {
            surfaces = settings.surfaces();
        } catch (PolicyException unreadable) {
            return List.of();
        }
        if (surfaces.list().isEmpty()) {
            return List.of();
        }
        return lock.run(() -> {
            List<JsonNode> entries = log.entries();
            Set<String> written = new HashSet<>();
            for (JsonNode e : entries) {
                if (DEMOTE.equals(e.path("action").asText())) {
                    written.add(e.path("surface").asText() + " " + e.path("commit").asText());
                }
            }
            List<String> out = new ArrayList<>();
            for (SurfaceLadder.Record r : records(surfaces, entries, null, null)) {
                for (SurfaceLadder.Event ev : r.events()) {
                    if (!ev.what().equals("demoted") || r.configured() == Rung.FORBIDDEN
                            || !written.add(r.surface().name() + " " + ev.commit())) {
                        continue;
                    }
                    ObjectNode e = log.entry(DEMOTE, "policy:ladder");
                    e.put("surface", r.surface().name());
                    e.put("commit", ev.commit());
                    if (ev.revert() != null) {
                        e.put("revert", ev.revert());
                    }
                    if (ev.proposal() != null) {
                        e.put("proposal", ev.proposal());
                    }
                    e.put("reverted_by", ev.by());
                    e.put("reverted_at", ev.at().toString());
                    e.put("rung_after", Rung.GATED.key());
                    e.put("reason", "a change on the surface was reverted: " + ev.note());
                    log.append(e);
                    out.add("surface " + r.surface().name() + " demoted to gated: " + ev.note());
                }
            }
            return out;
        });
    }

    /**
     * What the ladder would have done with the last {@code days} days of decisions: each surface starting at its
     * configured rung {@code days} ago, with the approvals, reverts and sign-offs of those days. Nothing is written.
     */
    public List<SurfaceLadder.Record> simulate(int days) {
        Instant now = clock.instant();
        return records(settings.surfaces(), log.entries(), now.minus(Duration.ofDays(days)), now);
    }
}
