package services.brain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import testsupport.CriticalDbFixture;
import testsupport.CriticalDbFixture.Doc;

/** The console's reading of critical.db, built with the real schema, against critical-search.ts's behaviour. */
class SqliteCriticalSearchTest {

    private static final Instant NOW = Instant.parse("2026-11-27T08:00:00Z");
    private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);

    @TempDir
    Path tmp;

    private SqliteCriticalSearch db(CriticalDbFixture f) throws Exception {
        return new SqliteCriticalSearch(f.write(Files.createTempDirectory(tmp, "db").resolve("critical.db")), CLOCK);
    }

    private static CriticalDbFixture real() {
        long t = NOW.getEpochSecond();
        return new CriticalDbFixture().allSourcesOk(NOW.minusSeconds(3600))
                .add(Doc.of("system_knowledge", "adr:0247", "adr", "Typesense reboot recovery",
                        "The port moves critical search to SQLite.", "files:knowledge", t - 900_000))
                .add(Doc.of("brain_pages", "joelclaw:projects/typesense-reboot-recovery/port-critical-search-to-sqlite.svx",
                        "step", "Port critical search to SQLite", "Closed. The recall path reads critical.db first.",
                        "files:brain", t - 100_000))
                .add(Doc.of("observations", "obs-1", "observation-page", "Session notes",
                        "We talked about the sqlite port and the recall path.", "files:observations", t - 5_000))
                .add(Doc.of("observations", "obs-2", "observation-page", "Session notes",
                        "We talked about the sqlite port and the recall path.", "files:observations", t - 50_000))
                .add(Doc.of("memory_observations", "mem-held", "observation", "Held sqlite memory",
                        "sqlite sqlite sqlite port", "archive:memory_observations", t - 10)
                        .withPayload("{\"write_verdict\":\"hold\"}"));
    }

    @Test
    void theMatchStringIsBuiltAsCriticalSearchTsBuildsIt() {
        assertEquals("\"Why\" OR \"did\" OR \"the\" OR \"sqlite\" OR \"port\" OR \"fail\"",
                SqliteCriticalSearch.matchString("Why did the sqlite port fail?"));
        assertEquals("\"adr:0247\" OR \"packages/cli/src/lib/critical-search.ts\"",
                SqliteCriticalSearch.matchString("adr:0247 (packages/cli/src/lib/critical-search.ts)"));
        assertEquals("\"ABC\"", SqliteCriticalSearch.matchString("ＡＢＣ")); // NFKC
        assertEquals("", SqliteCriticalSearch.matchString("?? !! \"\""));
        String seventeen = "a b c d e f g h i j k l m n o p q";
        assertThat(SqliteCriticalSearch.matchString(seventeen).split(" OR ")).hasSize(16);
    }

    @Test
    void aTitleHitOutranksAContentHitAndTiesGoToTheNewest() throws Exception {
        CriticalSearch.Result r = db(real()).search("sqlite port", 10);
        // both words in the title (weight 6) before both in the content only (weight 2); equal rows newest first
        assertThat(r.ids()).containsSubsequence("joelclaw:projects/typesense-reboot-recovery/port-critical-search-to-sqlite.svx",
                "adr:0247");
        assertThat(r.ids()).containsSubsequence("obs-1", "obs-2");
        assertEquals(5, r.found());
        assertThat(r.hits().get(1).freshness()).isEqualTo("fresh");
        assertThat(r.hits().stream().filter(h -> h.id().equals("obs-1")).findFirst().orElseThrow().snippet())
                .contains("<mark>sqlite</mark>");
    }

    @Test
    void recallAsksThreeTimesItsLimitDropsHeldAndDiscardedAndKeepsItsLimit() throws Exception {
        CriticalSearch.Result r = db(real()).recall("sqlite port", 2);
        assertThat(r.ids()).hasSize(2).doesNotContain("mem-held");
        assertEquals(1, r.dropped());
        assertThat(db(real()).search("sqlite port", 10).ids()).contains("mem-held");
    }

    @Test
    void diacriticsAreRemovedAsTheTokenizerSays() throws Exception {
        CriticalDbFixture f = new CriticalDbFixture().allSourcesOk(NOW)
                .add(Doc.of("vault_notes", "cafe.md", "vault-note", "Café notes", "crème brûlée", "files:vault", 1));
        assertThat(db(f).search("cafe creme", 5).ids()).containsExactly("cafe.md");
    }

    @Test
    void freshnessIsReadPerSourceAndStaleIsSaidInWords() throws Exception {
        CriticalDbFixture f = new CriticalDbFixture().allSourcesOk(NOW.minusSeconds(3600))
                .source("files:brain", 516, "ok", Instant.parse("2026-11-10T00:00:00Z"))
                .builtAt(Instant.parse("2026-11-25T08:00:00Z"));
        CriticalFreshness fresh = db(f).freshness();
        assertEquals("stale", fresh.status());
        assertThat(fresh.sources()).filteredOn(s -> s.key().equals("files:brain")).singleElement()
                .extracting(CriticalFreshness.Source::freshness).isEqualTo("stale");
        assertThat(fresh.words(NOW)).contains("stale").contains("files:brain is stale (newest document 17 days ago")
                .contains("not rebuilt for 2 days");
    }

    @Test
    void aRequiredSourceThatFailedMakesItDegraded() throws Exception {
        CriticalDbFixture f = new CriticalDbFixture().allSourcesOk(NOW.minusSeconds(60))
                .source("archive:memory_observations", 0, "unavailable", null);
        CriticalFreshness fresh = db(f).freshness();
        assertEquals("degraded", fresh.status());
        assertThat(fresh.words(NOW)).contains("archive:memory_observations is unavailable");
    }

    @Test
    void aMissingDatabaseIsSaidInWords() {
        Path missing = tmp.resolve("nowhere/critical.db");
        CriticalDbUnavailable e = assertThrows(CriticalDbUnavailable.class,
                () -> new SqliteCriticalSearch(missing, CLOCK).search("x", 5));
        assertThat(e.getMessage()).contains("critical.db not found: " + missing).contains("criticalDb");
    }

    @Test
    void anotherSchemaOrAnotherFileIsSaidInWords() throws Exception {
        CriticalDbUnavailable e = assertThrows(CriticalDbUnavailable.class,
                () -> db(real().schemaVersion("3")).search("x", 5));
        assertThat(e.getMessage()).contains("schema version 3");
        Path text = Files.writeString(tmp.resolve("notes.db"), "this is not a database at all, just some text...");
        e = assertThrows(CriticalDbUnavailable.class, () -> new SqliteCriticalSearch(text, CLOCK).search("x", 5));
        assertThat(e.getMessage()).contains("not a SQLite database");
    }

    @Test
    void aLockedDatabaseIsSaidInWordsAndNeverWritten() throws Exception {
        SqliteCriticalSearch db = db(real());
        long before = Files.getLastModifiedTime(db.path()).toMillis();
        try (Connection writer = DriverManager.getConnection("jdbc:sqlite:" + db.path());
             Statement st = writer.createStatement()) {
            st.execute("BEGIN EXCLUSIVE");
            st.executeUpdate("UPDATE metadata SET value = 'x' WHERE key = 'writer_host'");
            CriticalDbUnavailable e = assertThrows(CriticalDbUnavailable.class, () -> db.search("sqlite", 5));
            assertThat(e.getMessage()).contains("is locked by another process");
            st.execute("ROLLBACK");
        }
        assertThat(db.search("sqlite", 5).hits()).isNotEmpty();
        assertEquals(before, Files.getLastModifiedTime(db.path()).toMillis());
    }
}
