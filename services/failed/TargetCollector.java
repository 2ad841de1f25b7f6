package services.failed;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import services.knowledge.KnowledgeDoc;

/** Collects one failed target's documents and Redis member into its row. */
final class TargetCollector {

    final String project;
    final String target;
    final List<KnowledgeDoc> docs = new ArrayList<>();
    Long redis;

    TargetCollector(String project, String target) {
        this.project = project;
        this.target = target;
    }

    void add(KnowledgeDoc doc) {
        docs.add(doc);
    }

    FailedTargetsService.Target build(long ttl) {
        docs.sort(Comparator.comparingLong(KnowledgeDoc::createdAt).reversed());
        long docTime = docs.isEmpty() ? 0 : docs.get(0).createdAt() * 1000;
        long failedAt = Math.max(docTime, redis == null ? 0 : redis);
        // story ids are per loop PRD: the documents of one key may name different stories, newest first
        List<String> titles = docs.stream().map(TargetCollector::story).filter(t -> !t.isBlank()).distinct().toList();
        String title = titles.isEmpty() ? "" : titles.get(0);
        int times = Math.max(docs.size(), redis == null ? 0 : 1); // the loops it failed in
        FailedTargetsService.Where where = docs.isEmpty() ? FailedTargetsService.Where.REDIS
                : redis == null ? FailedTargetsService.Where.INDEX : FailedTargetsService.Where.BOTH;
        return new FailedTargetsService.Target(TargetKeys.key(project, target), project, target, title,
                titles,
                docs.stream().map(KnowledgeDoc::loopId).filter(Objects::nonNull).distinct().toList(),
                docs.stream().map(KnowledgeDoc::id).toList(), redis, failedAt, failedAt + ttl,
                times, where);
    }

    /** The story a document names: its title without the "Failed: " the running system puts before it. */
    static String story(KnowledgeDoc doc) {
        return doc.title() == null ? "" : doc.title().replaceFirst("^Failed: ", "").strip();
    }
}
