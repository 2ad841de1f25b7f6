package services.failed;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.time.Clock;
import java.util.Set;
import java.util.function.LongSupplier;
import services.text.CheckedNumber;
import services.knowledge.KnowledgeDoc;
import services.knowledge.KnowledgeIndex;
import services.knowledge.KnowledgeQuery;
import services.knowledge.SearchResult;
import services.text.LookAlikeText;

/**
 * The failed targets of both stores joined by key: the index's {@code failed_target} documents and the Redis
 * members. A Redis that cannot be read leaves the index's side, saying why.
 */
final class TargetListing {

    private final KnowledgeIndex index;
    private final FailedTargets redis;
    private final LongSupplier ttlMillis;
    private final Clock clock;

    /** @param redis null for index-only mode (no Redis configured) */
    TargetListing(KnowledgeIndex index, FailedTargets redis, LongSupplier ttlMillis, Clock clock) {
        this.index = index;
        this.redis = redis;
        this.ttlMillis = ttlMillis;
        this.clock = clock;
    }

    FailedTargetsService.Listing list() {
        Map<String, TargetCollector> byKey = new LinkedHashMap<>();
        List<String> problems = new ArrayList<>();
        for (KnowledgeDoc doc : docs(null)) {
            CheckedNumber.Checked created = CheckedNumber.epochSeconds(doc.createdAt(), clock.instant());
            if (!created.ok()) {
                problems.add("document " + doc.id() + ": created_at " + created.problem() + "; not shown");
                continue;
            }
            String target = doc.id().substring(doc.id().lastIndexOf(':') + 1);
            String project = doc.project() == null ? "" : doc.project();
            byKey.computeIfAbsent(TargetKeys.key(project, target), k -> new TargetCollector(project, target)).add(doc);
        }
        String notice = null;
        if (redis != null) {
            try {
                FailedTargets.Members members = redis.members();
                problems.addAll(members.problems());
                if (members.keys() == 0) {
                    notice = "This Redis (" + redis.describe().replaceFirst("^Redis ", "") + ") "
                            + FailedTargetsService.NO_SETS + ".";
                }
                for (FailedTargets.Member m : members.members()) {
                    CheckedNumber.Checked at = CheckedNumber.epochMillis(m.scoreMillis(), clock.instant());
                    if (!at.ok()) {
                        problems.add("Redis key " + FailedTargets.PREFIX + m.project() + " member " + m.target()
                                + ": the score " + at.problem() + ", not a failure time; not shown (prune removes a "
                                + "score in the future)");
                        continue;
                    }
                    byKey.computeIfAbsent(TargetKeys.key(m.project(), m.target()),
                            k -> new TargetCollector(m.project(), m.target())).redis = m.scoreMillis();
                }
            } catch (FailedTargetsException e) {
                problems.add(e.getMessage() + " — showing the index only");
            }
        }
        Set<String> named = new LinkedHashSet<>();
        for (TargetCollector c : byKey.values()) {
            for (String[] part : new String[][] {{"project", c.project}, {"target", c.target}}) {
                LookAlikeText.problem(part[1]).filter(why -> named.add(part[0] + part[1])).ifPresent(why ->
                        problems.add("The " + part[0] + " \"" + LookAlikeText.visible(part[1]) + "\" has "
                                + why + ": it could pass for another " + part[0] + ", so its key shows the character "
                                + "as \\u{…} (type the key as shown to clear it)"));
            }
        }
        long ttl = ttlMillis.getAsLong();
        List<FailedTargetsService.Target> targets = byKey.values().stream().map(b -> b.build(ttl))
                .sorted(Comparator.comparingLong(FailedTargetsService.Target::failedAtMillis).reversed()).toList();
        return new FailedTargetsService.Listing(targets, problems, redis != null, notice);
    }

    /** Every failed_target document, or those created before {@code beforeSeconds}. */
    List<KnowledgeDoc> docs(Long beforeSeconds) {
        SearchResult found = index.search(KnowledgeQuery.text("", 100_000)
                .withFilters(Map.of("type", List.of("failed_target"))).createdBetween(null, beforeSeconds));
        return found.hits().stream().map(SearchResult.Hit::doc).toList();
    }
}
