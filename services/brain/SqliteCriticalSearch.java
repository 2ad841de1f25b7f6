package services.brain;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.text.Normalizer;
import java.time.Clock;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@link CriticalSearch} over a {@code critical.db} file with the SQLite JDBC driver, opened read only
 * ({@code mode=ro}, {@code query_only}) for each call — the builder replaces the file by a rename every 6 h, so a
 * connection kept open would read the old one. The query, ranking and freshness are those of
 * {@code packages/cli/src/lib/critical-search.ts} (schema version 2).
 */
public final class SqliteCriticalSearch implements CriticalSearch {

    public static final String SCHEMA_VERSION = "2";
    /** critical-search.ts: {@code input.normalize("NFKC").match(/[\p{L}\p{N}_./:-]+/gu)}, the first 16 terms. */
    private static final Pattern TERM = Pattern.compile("[\\p{L}\\p{N}_./:-]+");
    private static final int MAX_TERMS = 16;
    private static final int BUSY_MILLIS = 1_000;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path file;
    private final Clock clock;

    public SqliteCriticalSearch(Path file, Clock clock) {
        this.file = file;
        this.clock = clock;
    }

    @Override
    public Path path() {
        return file;
    }

    /** {@code ftsQuery}: each term double-quoted (a quote doubled), joined by OR; "" when there is none. */
    public static String matchString(String input) {
        Matcher m = TERM.matcher(Normalizer.normalize(input == null ? "" : input, Normalizer.Form.NFKC));
        List<String> terms = new ArrayList<>();
        while (m.find() && terms.size() < MAX_TERMS) {
            terms.add("\"" + m.group().replace("\"", "\"\"") + "\"");
        }
        return String.join(" OR ", terms);
    }

    @Override
    public Result search(String query, int limit) {
        return run(query, Math.min(Math.max(limit, 1), 100), -1);
    }

    @Override
    public Result recall(String query, int limit) {
        return run(query, Math.min(Math.max(limit * 3, limit), 60), Math.min(Math.max(limit, 1), 20));
    }

    @Override
    public CriticalFreshness freshness() {
        try (Connection c = open()) {
            return freshness(c);
        } catch (SQLException e) {
            throw unreadable(e);
        }
    }

    private Result run(String query, int fetch, int keep) {
        String match = matchString(query);
        try (Connection c = open()) {
            CriticalFreshness fresh = freshness(c);
            if (match.isEmpty()) {
                return new Result(query, match, List.of(), 0, 0, fresh);
            }
            Map<String, String> bySource = new LinkedHashMap<>();
            fresh.sources().forEach(s -> bySource.put(s.key(), s.freshness()));
            List<Hit> hits = new ArrayList<>();
            try (PreparedStatement st = c.prepareStatement("""
                    SELECT d.document_id, d.collection, d.type, d.title, d.content, d.source, d.source_key, d.path,
                      d.privacy, d.created_at, d.source_updated_at, d.payload_json,
                      bm25(documents_fts, 6.0, 2.0, 1.0, 1.0) AS rank,
                      snippet(documents_fts, 1, '<mark>', '</mark>', ' … ', 32) AS snippet
                    FROM documents_fts
                    JOIN documents d ON d.rowid = documents_fts.rowid
                    WHERE documents_fts MATCH ?
                    ORDER BY rank ASC, COALESCE(d.source_updated_at, d.created_at, 0) DESC
                    LIMIT ?""")) {
                st.setString(1, match);
                st.setInt(2, fetch);
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        hits.add(hit(rs, bySource));
                    }
                }
            }
            long found;
            try (PreparedStatement st = c.prepareStatement("SELECT count(*) FROM documents_fts "
                    + "JOIN documents d ON d.rowid = documents_fts.rowid WHERE documents_fts MATCH ?")) {
                st.setString(1, match);
                try (ResultSet rs = st.executeQuery()) {
                    found = rs.next() ? rs.getLong(1) : hits.size();
                }
            }
            if (keep < 0) {
                return new Result(query, match, hits, found, 0, fresh);
            }
            List<Hit> trusted = hits.stream().filter(h -> !"hold".equals(h.writeVerdict())
                    && !"discard".equals(h.writeVerdict())).toList();
            List<Hit> kept = trusted.subList(0, Math.min(keep, trusted.size()));
            return new Result(query, match, kept, found, hits.size() - trusted.size(), fresh);
        } catch (SQLException e) {
            throw unreadable(e);
        }
    }

    private static Hit hit(ResultSet rs, Map<String, String> bySource) throws SQLException {
        double rank = rs.getDouble("rank");
        Long updated = longOrNull(rs, "source_updated_at");
        updated = updated != null ? updated : longOrNull(rs, "created_at");
        String verdict = "allow";
        try {
            JsonNode payload = JSON.readTree(rs.getString("payload_json") == null ? "{}" : rs.getString("payload_json"));
            if (payload != null && payload.path("write_verdict").isTextual()) {
                verdict = payload.path("write_verdict").asText();
            }
        } catch (IOException unreadablePayload) {
            verdict = "allow"; // critical-search.ts would fail on it; the console shows the hit
        }
        String snippet = rs.getString("snippet");
        if (snippet == null || snippet.isEmpty()) {
            snippet = rs.getString("content");
        }
        String sourceKey = rs.getString("source_key");
        return new Hit(rs.getString("document_id"), rs.getString("collection"), rs.getString("type"),
                rs.getString("title"), snippet.length() > 1500 ? snippet.substring(0, 1500) : snippet,
                rs.getString("source"), sourceKey, rs.getString("path"), rs.getString("privacy"), verdict, rank,
                Math.max(0, -rank), updated, bySource.getOrDefault(sourceKey, "unknown"));
    }

    private static Long longOrNull(ResultSet rs, String column) throws SQLException {
        long v = rs.getLong(column);
        return rs.wasNull() ? null : v;
    }

    private CriticalFreshness freshness(Connection c) throws SQLException {
        Map<String, String> meta = new LinkedHashMap<>();
        try (PreparedStatement st = c.prepareStatement("SELECT key, value FROM metadata");
             ResultSet rs = st.executeQuery()) {
            while (rs.next()) {
                meta.put(rs.getString(1), rs.getString(2));
            }
        }
        String version = meta.get("schema_version");
        if (!SCHEMA_VERSION.equals(version)) {
            throw new CriticalDbUnavailable("critical.db " + file + " has schema version "
                    + (version == null ? "(none)" : version) + "; the console reads version " + SCHEMA_VERSION
                    + " (critical-search.ts of August 2026).");
        }
        Map<String, CriticalFreshness.Source> sources = new LinkedHashMap<>();
        try {
            JsonNode raw = JSON.readTree(meta.getOrDefault("sources_json", "{}"));
            raw.fields().forEachRemaining(e -> {
                JsonNode s = e.getValue();
                sources.put(e.getKey(), new CriticalFreshness.Source(e.getKey(), s.path("count").asLong(0),
                        s.path("status").asText("unknown"), s.path("detail").isTextual() ? s.path("detail").asText()
                        : null, instant(s.path("highWaterAt").asText(null)), null));
            });
        } catch (IOException e) {
            throw new CriticalDbUnavailable("critical.db " + file + ": its metadata sources_json is not JSON.");
        }
        List<String> gaps = new ArrayList<>();
        try {
            JSON.readTree(meta.getOrDefault("coverage_gaps_json", "[]")).forEach(g -> gaps.add(g.asText()));
        } catch (IOException e) {
            gaps.add("coverage_gaps_json is not JSON");
        }
        Instant built = instant(meta.get("built_at"));
        long count;
        try {
            count = Long.parseLong(meta.getOrDefault("document_count", "0"));
        } catch (NumberFormatException e) {
            count = 0;
        }
        return CriticalFreshness.evaluate(built == null ? Instant.EPOCH : built, count, sources,
                "true".equals(meta.get("degraded_override")), gaps, clock.instant());
    }

    private static Instant instant(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        try {
            Instant t = Instant.parse(text);
            return t.equals(Instant.EPOCH) ? null : t; // zeroTimestampIsMissing
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private Connection open() {
        if (!Files.exists(file)) {
            throw new CriticalDbUnavailable("critical.db not found: " + file + " (workspace.json key 'criticalDb'; "
                    + "the running system builds it on flagg every 6 hours).");
        }
        if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
            throw new CriticalDbUnavailable("critical.db " + file + " cannot be read (not a readable file).");
        }
        Properties props = new Properties();
        props.setProperty("open_mode", "1"); // SQLITE_OPEN_READONLY
        props.setProperty("busy_timeout", String.valueOf(BUSY_MILLIS));
        try {
            Connection c = DriverManager.getConnection("jdbc:sqlite:" + file.toUri() + "?mode=ro", props);
            try (var st = c.createStatement()) {
                st.execute("PRAGMA query_only = ON");
            }
            return c;
        } catch (SQLException e) {
            throw unreadable(e);
        }
    }

    private CriticalDbUnavailable unreadable(SQLException e) {
        String why = e.getMessage() == null ? "" : e.getMessage();
        if (why.contains("SQLITE_BUSY") || why.contains("locked")) {
            boolean building = Files.exists(file.resolveSibling(file.getFileName() + ".build-lock"));
            return new CriticalDbUnavailable("critical.db " + file + " is locked by another process"
                    + (building ? " (the builder's lock " + file.getFileName() + ".build-lock is held: a rebuild is "
                    + "under way)" : "") + "; try again in a moment.", e);
        }
        if (why.contains("SQLITE_NOTADB") || why.contains("not a database")) {
            return new CriticalDbUnavailable("critical.db " + file + " is not a SQLite database.", e);
        }
        if (why.contains("no such table")) {
            return new CriticalDbUnavailable("critical.db " + file + " lacks the tables of critical-search.ts ("
                    + why.replaceAll(".*no such table: ?", "no table ").replaceAll("[)\\]].*", "") + ").", e);
        }
        return new CriticalDbUnavailable("critical.db " + file + " cannot be read: " + why.replaceAll("\\s+", " ")
                .strip(), e);
    }
}
