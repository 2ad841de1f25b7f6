package testsupport;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds a critical.db with the real schema — {@code createSchema} and the inserts of {@code buildCriticalDb} in
 * joelhooks/joelclaw {@code packages/cli/src/lib/critical-search.ts} (schema version 2) — so the console's reader is
 * tested against what the running builder writes.
 */
public final class CriticalDbFixture {

    /** One row of {@code documents}. */
    public record Doc(String collection, String id, String type, String title, String content, String source,
                      String sourceKey, String path, String privacy, Long createdAt, Long sourceUpdatedAt,
                      String payloadJson) {
        public static Doc of(String collection, String id, String type, String title, String content,
                             String sourceKey, long updatedAt) {
            return new Doc(collection, id, type, title, content, collection + ":" + id, sourceKey, null, "private",
                    null, updatedAt, "{}");
        }

        public Doc withPayload(String json) {
            return new Doc(collection, id, type, title, content, source, sourceKey, path, privacy, createdAt,
                    sourceUpdatedAt, json);
        }
    }

    private final List<Doc> docs = new ArrayList<>();
    private final Map<String, String> sources = new LinkedHashMap<>();
    private Instant builtAt = Instant.parse("2026-11-27T06:00:00Z");
    private String schemaVersion = "2";
    private boolean degradedOverride;

    public CriticalDbFixture add(Doc doc) {
        docs.add(doc);
        return this;
    }

    /** A {@code sources_json} entry: {@code {"count": n, "status": s, "highWaterAt": at}}. */
    public CriticalDbFixture source(String key, long count, String status, Instant highWaterAt) {
        sources.put(key, "{\"count\":" + count + ",\"status\":\"" + status + "\""
                + (highWaterAt == null ? "" : ",\"highWaterAt\":\"" + highWaterAt + "\"") + "}");
        return this;
    }

    /** Every required source ok, with this high-water mark. */
    public CriticalDbFixture allSourcesOk(Instant highWaterAt) {
        for (String k : List.of("files:observations", "files:brain", "files:vault", "files:knowledge",
                "archive:memory_observations")) {
            source(k, 10, "ok", highWaterAt);
        }
        source("typesense:system_knowledge", 0, "skipped", null);
        return this;
    }

    public CriticalDbFixture builtAt(Instant at) {
        this.builtAt = at;
        return this;
    }

    public CriticalDbFixture schemaVersion(String v) {
        this.schemaVersion = v;
        return this;
    }

    public CriticalDbFixture degradedOverride() {
        this.degradedOverride = true;
        return this;
    }

    public Path write(Path file) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file)) {
            try (Statement st = c.createStatement()) {
                st.executeUpdate("PRAGMA journal_mode = DELETE");
                st.executeUpdate("CREATE TABLE metadata (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID");
                st.executeUpdate("""
                        CREATE TABLE documents (
                          rowid INTEGER PRIMARY KEY,
                          stable_id TEXT NOT NULL UNIQUE,
                          collection TEXT NOT NULL,
                          document_id TEXT NOT NULL,
                          type TEXT NOT NULL,
                          title TEXT NOT NULL,
                          content TEXT NOT NULL,
                          source TEXT NOT NULL,
                          source_key TEXT NOT NULL,
                          path TEXT,
                          run_id TEXT,
                          session_id TEXT,
                          privacy TEXT NOT NULL,
                          created_at INTEGER,
                          source_updated_at INTEGER,
                          payload_json TEXT NOT NULL
                        )""");
                st.executeUpdate("CREATE INDEX documents_collection_idx ON documents(collection)");
                st.executeUpdate("CREATE INDEX documents_run_id_idx ON documents(run_id) WHERE run_id IS NOT NULL");
                st.executeUpdate("""
                        CREATE VIRTUAL TABLE documents_fts USING fts5(
                          title, content, source, path,
                          content='documents', content_rowid='rowid',
                          tokenize='unicode61 remove_diacritics 2'
                        )""");
            }
            try (PreparedStatement in = c.prepareStatement("""
                    INSERT INTO documents (stable_id, collection, document_id, type, title, content, source,
                      source_key, path, run_id, session_id, privacy, created_at, source_updated_at, payload_json)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""")) {
                for (Doc d : docs) {
                    in.setString(1, d.collection() + ":" + d.id());
                    in.setString(2, d.collection());
                    in.setString(3, d.id());
                    in.setString(4, d.type());
                    in.setString(5, d.title());
                    in.setString(6, d.content());
                    in.setString(7, d.source());
                    in.setString(8, d.sourceKey());
                    in.setString(9, d.path());
                    in.setString(10, null);
                    in.setString(11, null);
                    in.setString(12, d.privacy());
                    in.setObject(13, d.createdAt());
                    in.setObject(14, d.sourceUpdatedAt());
                    in.setString(15, d.payloadJson());
                    in.executeUpdate();
                }
            }
            try (Statement st = c.createStatement()) {
                st.executeUpdate("INSERT INTO documents_fts(documents_fts) VALUES('rebuild')");
            }
            try (PreparedStatement m = c.prepareStatement("INSERT INTO metadata (key, value) VALUES (?, ?)")) {
                String sourcesJson = "{" + String.join(",", sources.entrySet().stream()
                        .map(e -> "\"" + e.getKey() + "\":" + e.getValue()).toList()) + "}";
                for (String[] kv : new String[][] {{"schema_version", schemaVersion}, {"built_at", builtAt.toString()},
                        {"writer_host", "flagg"}, {"sources_json", sourcesJson},
                        {"coverage_gaps_json", "[\"system_knowledge is missing dynamic types: turn_note, failed_target\"]"},
                        {"document_count", String.valueOf(docs.size())},
                        {"degraded_override", String.valueOf(degradedOverride)}}) {
                    m.setString(1, kv[0]);
                    m.setString(2, kv[1]);
                    m.executeUpdate();
                }
            }
        }
        return file;
    }
}
