package services.brain;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import services.knowledge.KnowledgeDoc;
import services.knowledge.KnowledgeIndex;
import services.knowledge.KnowledgeQuery;
import services.knowledge.SearchResult;
import services.vault.AdrDates;
import services.vault.AdrParser;
import services.workspace.Workspace;

/**
 * Which era each source is from (running-system.md part 11): the Vault's ADR files stop at 0247 (June 2026), the
 * decisions and briefs since are Brain pages, and {@code joelclaw recall} reads critical.db first — so a reader
 * sees what is current. Blocking: it lists the ADR folder, asks the index once and opens critical.db.
 */
public final class BrainEra {

    /**
     * The three lines.
     *
     * @param lastAdr      the highest-numbered ADR file: "ADR 0247, dated 2026-06-20" — or why there is none
     * @param newestPage   the newest Brain page in the index and how many there are — or why there is none
     * @param critical     critical.db's freshness in words — or why it cannot be read, or that none is configured
     * @param criticalOk   critical.db was read and its status is ok
     */
    public record Era(String lastAdr, String adrNumber, String adrDate, String newestPage, long brainPages,
                      String critical, String criticalStatus, boolean criticalOk) {

        public List<String> lines() {
            return List.of("Vault ADRs: " + lastAdr, "Brain pages: " + newestPage, "critical.db: " + critical);
        }

        /** For {@code --json}. */
        public Map<String, Object> json() {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("lastAdr", adrNumber);
            out.put("lastAdrDate", adrDate);
            out.put("adrs", lastAdr);
            out.put("brainPages", brainPages);
            out.put("newestBrainPage", newestPage);
            out.put("criticalDb", critical);
            out.put("criticalDbStatus", criticalStatus);
            return out;
        }
    }

    private BrainEra() {
    }

    /** @param critical the workspace's critical.db, or null when {@code criticalDb} is not set */
    public static Era of(Workspace ws, KnowledgeIndex index, CriticalSearch critical, Clock clock) {
        return of(ws, index, critical, clock, null);
    }

    /**
     * @param sharedIndex the running system's index this one is, as a sentence names it ("Typesense
     *                    system_knowledge"), where the sync writes no Brain page; null for the console's own index
     */
    public static Era of(Workspace ws, KnowledgeIndex index, CriticalSearch critical, Clock clock, String sharedIndex) {
        String[] adr = lastAdr(ws.adrDir(), null);
        SearchResult pages = sharedIndex != null ? SearchResult.empty() : index.search(KnowledgeQuery.all()
                .withFilters(Map.of("type", List.of("brain_page", "decision"))).withSort(KnowledgeQuery.SortOrder.NEWEST)
                .withLimit(200));
        String newest;
        if (sharedIndex != null) {
            newest = "not written to " + sharedIndex + " — it is the running system's collection; open a workspace "
                    + "with the embedded index to browse them";
        } else if (!pages.hits().isEmpty()) {
            // a page without a frontmatter date carries its file's time (a checkout's): the newest dated page
            KnowledgeDoc d = pages.hits().stream().map(SearchResult.Hit::doc).filter(p -> !p.tags().contains("undated"))
                    .findFirst().orElse(pages.hits().get(0).doc());
            newest = pages.total() + " indexed; newest " + d.title() + " ("
                    + LocalDate.ofInstant(Instant.ofEpochSecond(d.createdAt()), ZoneOffset.UTC) + ")";
        } else if (ws.brain().roots().isEmpty()) {
            newest = "none — no Brain folder is configured (workspace.json key 'brain'); decisions and briefs since "
                    + "July 2026 are .svx pages in .brain folders";
        } else {
            newest = "none indexed yet — run a sync";
        }
        String newestDate = pages.hits().isEmpty() ? null : pages.hits().stream().map(SearchResult.Hit::doc)
                .filter(p -> !p.tags().contains("undated")).findFirst()
                .map(p -> LocalDate.ofInstant(Instant.ofEpochSecond(p.createdAt()), ZoneOffset.UTC).toString())
                .orElse(null);
        if (newestDate != null) {
            adr = lastAdr(ws.adrDir(), newestDate);
        }
        String words;
        String status;
        if (critical == null) {
            words = "not configured (workspace.json key 'criticalDb', e.g. ~/.joelclaw/search/critical.db) — "
                    + "joelclaw recall reads it first";
            status = "not configured";
        } else {
            try {
                CriticalFreshness f = critical.freshness();
                words = f.words(clock.instant());
                status = f.status();
            } catch (CriticalDbUnavailable e) {
                words = e.getMessage();
                status = "unavailable";
            }
        }
        return new Era(adr[0], adr[1], adr[2], newest, pages.total(), words, status, "ok".equals(status));
    }

    /** {text, number, date} of the highest-numbered ADR file. */
    private static String[] lastAdr(Path dir, String newestPage) {
        List<Path> files = new ArrayList<>();
        if (Files.isDirectory(dir)) {
            try (Stream<Path> s = Files.list(dir)) {
                s.filter(p -> AdrParser.FILE_NAME.matcher(p.getFileName().toString()).matches()).forEach(files::add);
            } catch (IOException e) {
                return new String[] {"the ADR folder " + dir + " cannot be read", null, null};
            }
        }
        if (files.isEmpty()) {
            return new String[] {"none in " + dir, null, null};
        }
        Path last = files.stream().max((a, b) -> a.getFileName().toString().compareTo(b.getFileName().toString()))
                .orElseThrow();
        String number = last.getFileName().toString().substring(0, 4);
        String date = AdrDates.of(last, dir, null);
        boolean older = date != null && newestPage != null && date.compareTo(newestPage) < 0;
        return new String[] {"last ADR " + number + (date == null ? " (undated)" : ", dated " + date)
                + (older ? " — older than the newest Brain page: decisions since are Brain pages" : ""), number, date};
    }
}
