package services.brain;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * How current critical.db is, as {@code critical-search.ts} judges it ({@code evaluateCriticalDbFreshness} of
 * {@code @joelclaw/memory}): each source of its {@code metadata.sources_json} is {@code fresh}, {@code stale} (an
 * {@code ok} source whose high-water mark is over seven days old) or its build status ({@code error},
 * {@code unavailable}, …); the database is {@code degraded} when a required source is not ok or the build was
 * overridden, else {@code stale} when a live source is, else {@code ok}.
 *
 * @param builtAt       {@code built_at}
 * @param documentCount {@code document_count}
 * @param status        ok, stale or degraded
 * @param sources       per source, in the order the metadata lists them
 * @param coverageGaps  {@code coverage_gaps_json}
 * @param evaluatedAt   when the ages were judged
 */
public record CriticalFreshness(Instant builtAt, long documentCount, String status, List<Source> sources,
                                List<String> coverageGaps, Instant evaluatedAt) {

    /** The sources whose absence makes the database degraded. */
    public static final List<String> REQUIRED = List.of("files:observations", "files:brain", "files:vault",
            "files:knowledge", "archive:memory_observations");
    /** The sources whose age makes it stale. */
    public static final List<String> LIVE = List.of("files:observations", "files:brain", "files:vault",
            "files:knowledge");
    public static final Duration SOURCE_STALE_AFTER = Duration.ofDays(7);
    /** The builder runs every 6 h: a database built longer ago than twice that missed a rebuild. */
    public static final Duration REBUILT_EVERY = Duration.ofHours(6);

    public CriticalFreshness {
        sources = List.copyOf(sources);
        coverageGaps = List.copyOf(coverageGaps);
    }

    /**
     * One source of the build.
     *
     * @param highWaterAt its newest document's time, or null
     * @param freshness   fresh, stale, or the build status when it was not ok
     */
    public record Source(String key, long count, String buildStatus, String detail, Instant highWaterAt,
                         String freshness) {
    }

    /** Evaluates the sources as the running system does, at {@code now}. */
    static CriticalFreshness evaluate(Instant builtAt, long documentCount, Map<String, Source> raw,
                                      boolean degradedOverride, List<String> gaps, Instant now) {
        List<Source> sources = raw.values().stream().map(s -> new Source(s.key(), s.count(), s.buildStatus(),
                s.detail(), s.highWaterAt(), !"ok".equals(s.buildStatus()) ? s.buildStatus()
                        : s.highWaterAt() != null && Duration.between(s.highWaterAt(), now).compareTo(SOURCE_STALE_AFTER) > 0
                        ? "stale" : "fresh")).toList();
        boolean degraded = degradedOverride || REQUIRED.stream().anyMatch(k -> !raw.containsKey(k)
                || !"ok".equals(raw.get(k).buildStatus()));
        boolean stale = sources.stream().anyMatch(s -> LIVE.contains(s.key()) && "stale".equals(s.freshness()));
        return new CriticalFreshness(builtAt, documentCount, degraded ? "degraded" : stale ? "stale" : "ok", sources,
                gaps, now);
    }

    /** {@link #words(Instant)} at the time the freshness was judged. */
    public String words() {
        return words(evaluatedAt);
    }

    /** One line a person reads: "critical.db built 2 h ago, 12,034 documents — ok" and what is wrong, if anything. */
    public String words(Instant now) {
        StringBuilder out = new StringBuilder(headline(now));
        if (Duration.between(builtAt, now).compareTo(REBUILT_EVERY.multipliedBy(2)) > 0) {
            out.append("; not rebuilt for ").append(Ago.span(Duration.between(builtAt, now)))
                    .append(" (the builder runs every 6 hours)");
        }
        for (Source s : sources) {
            if ("stale".equals(s.freshness())) {
                out.append("; ").append(s.key()).append(" is stale (newest document ")
                        .append(Ago.of(s.highWaterAt(), now)).append(", over 7 days)");
            } else if (!"fresh".equals(s.freshness()) && REQUIRED.contains(s.key())) {
                out.append("; ").append(s.key()).append(" is ").append(s.freshness())
                        .append(s.detail() == null ? "" : " (" + s.detail() + ")");
            }
        }
        return out.toString();
    }

    /** For a heading: "built 2 h ago — ok", "built 3 days ago — degraded". */
    public String headline() {
        return "built " + Ago.of(builtAt, evaluatedAt) + " — " + status;
    }

    private String headline(Instant now) {
        return "built " + Ago.of(builtAt, now) + ", " + documentCount + (documentCount == 1 ? " document — "
                : " documents — ") + status;
    }

    /** "3 h ago", "9 days ago". */
    static final class Ago {
        private Ago() {
        }

        static String of(Instant then, Instant now) {
            if (then == null) {
                return "at an unknown time";
            }
            Duration d = Duration.between(then, now);
            return d.isNegative() ? "just now" : span(d) + " ago";
        }

        static String span(Duration d) {
            long minutes = d.toMinutes();
            if (minutes < 60) {
                return minutes + " min";
            }
            if (minutes < 48 * 60) {
                return d.toHours() + " h";
            }
            return d.toDays() + " days";
        }
    }
}
