package app.cli;

import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import services.brain.CriticalFreshness;
import services.brain.CriticalSearch;
import services.errors.ConsoleException;
import services.workspace.Workspace;

/**
 * {@code search QUERY --budget critical}: what {@code joelclaw recall QUERY} returns today — critical.db read first
 * (SQLite FTS5 over five collections, no budget, no rewrite) — with the database's freshness per source.
 */
final class CriticalSearchOutput {

    private CriticalSearchOutput() {
    }

    static Map<String, Object> run(CriticalSearch critical, Workspace ws, String text, int limit, Clock clock,
                                   StringBuilder human) {
        if (critical == null) {
            throw new ConsoleException("No critical.db is configured: add \"criticalDb\": "
                    + "\"~/.joelclaw/search/critical.db\" to " + ws.dir().resolve(Workspace.FILE_NAME)
                    + " (the running system's recall reads it first since July 2026).");
        }
        CriticalSearch.Result r = critical.recall(text, limit);
        CriticalFreshness f = r.freshness();
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("budget", "critical");
        json.put("dbPath", critical.path().toString());
        json.put("query", text);
        json.put("match", r.match());
        json.put("found", r.found());
        json.put("droppedByTrustPass", r.dropped());
        json.put("injected", r.ids());
        json.put("hits", r.hits().stream().map(h -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("id", h.id());
            m.put("collection", h.collection());
            m.put("type", h.type());
            m.put("title", h.title());
            m.put("score", h.score());
            m.put("rawScore", h.rank());
            m.put("source", h.source());
            m.put("sourceKey", h.sourceKey());
            m.put("privacy", h.privacy());
            m.put("sourceFreshness", h.freshness());
            m.put("snippet", h.snippet());
            return m;
        }).toList());
        Map<String, Object> fresh = new LinkedHashMap<>();
        fresh.put("status", f.status());
        fresh.put("builtAt", f.builtAt().toString());
        fresh.put("documentCount", f.documentCount());
        fresh.put("summary", f.words(clock.instant()));
        Map<String, Object> sources = new LinkedHashMap<>();
        for (CriticalFreshness.Source s : f.sources()) {
            Map<String, Object> one = new LinkedHashMap<>();
            one.put("count", s.count());
            one.put("status", s.buildStatus());
            one.put("freshness", s.freshness());
            one.put("highWaterAt", s.highWaterAt() == null ? null : s.highWaterAt().toString());
            sources.put(s.key(), one);
        }
        fresh.put("sources", sources);
        fresh.put("coverageGaps", f.coverageGaps());
        json.put("freshness", fresh);

        human.append("joelclaw recall reads critical.db first: ").append(critical.path()).append('\n')
                .append("critical.db ").append(f.words(clock.instant())).append('\n')
                .append("MATCH ").append(r.match().isEmpty() ? "(no word to search)" : r.match()).append('\n')
                .append(r.found()).append(r.found() == 1 ? " document matches" : " documents match")
                .append(r.dropped() > 0 ? "; " + r.dropped() + " held or discarded left out" : "")
                .append("; ").append(r.hits().size()).append(" returned");
        for (CriticalSearch.Hit h : r.hits()) {
            human.append("\n  ").append(String.format("%-18s", h.collection())).append(' ').append(h.id())
                    .append("  ").append(h.title()).append("  [").append(h.sourceKey()).append(", ")
                    .append(h.freshness()).append(']');
        }
        for (CriticalFreshness.Source s : f.sources()) {
            if (!List.of("fresh", "skipped").contains(s.freshness())) {
                human.append("\n  source ").append(s.key()).append(": ").append(s.freshness());
            }
        }
        return json;
    }
}
