package viewmodels.knowledge;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import services.knowledge.KnowledgeQuery;
import testsupport.Fixtures;

/** An ADR's row and detail show the date the ADR gives itself, however it writes it, beside the date it was written. */
class KnowledgeAdrDatesTest extends KnowledgeFixture {

    @Test
    void anAdrShowsItsOwnDateBesideTheDateItWasWritten() {
        sync.syncNow();
        vm.queryProperty().set("Record architecture decisions");
        vm.toggleFacet("type", "adr");
        ResultRow adr = vm.results().stream().filter(r -> r.id().startsWith("adr:0001")).findFirst().orElseThrow();
        vm.select(adr);
        assertThat(vm.detail().metadataProperty().get()).contains(" · dated 2024-11-02 · written ");
    }

    /** A result row of an ADR shows its own date, never the day a sync wrote it (the same for every ADR). */
    @Test
    void anAdrRowShowsItsOwnDateNotTheSyncs() {
        sync.syncNow();
        String syncDay = LocalDate.ofInstant(Fixtures.CLOCK.instant(), ZoneOffset.UTC).toString();
        vm.toggleFacet("type", "adr");
        ResultRow first = vm.results().stream().filter(r -> r.id().equals("adr:0001")).findFirst().orElseThrow();
        assertThat(first.about()).isEqualTo("ADR · accepted · dated 2024-11-02");
        assertThat(vm.results()).allSatisfy(r -> assertThat(r.about()).doesNotContain(syncDay));
        vm.toggleFacet("type", "adr");
        vm.toggleFacet("type", "lesson");
        assertThat(vm.results()).isNotEmpty().allSatisfy(r -> assertThat(r.about()).endsWith(" · " + r.date())
                .matches(".* · \\d{4}-\\d{2}-\\d{2}"));
    }

    /**
     * Most of the running system's ADRs write their date in the frontmatter, which the indexed content leaves out:
     * every demo ADR — frontmatter, plain or bold — shows its own date, read from its file; the scraped form
     * ({@code ADR-0199accepted}) has none to show.
     */
    @Test
    void everyAdrShowsItsOwnDateHoweverItWritesIt() {
        sync.syncNow();
        var adrs = index.search(KnowledgeQuery.all()
                .withFilter("type", List.of("adr")).withLimit(200)).hits();
        assertThat(adrs).hasSizeGreaterThan(30);
        List<String> undated = new ArrayList<>();
        for (var hit : adrs) {
            vm.detail().open(hit.doc().id());
            String meta = vm.detail().metadataProperty().get();
            if (!meta.contains(" · dated ")) {
                undated.add(hit.doc().id());
            }
        }
        assertThat(undated).containsExactly("adr:0199");
    }

    /**
     * The result row and the detail say the same date for every ADR — one written only in its file's frontmatter
     * too (the row showed none, the detail "dated 2024-11-20", `search` the same as the detail).
     */
    @Test
    void everyAdrRowSaysTheDateItsDetailSays() {
        sync.syncNow();
        vm.toggleFacet("type", "adr");
        assertThat(vm.results()).hasSizeGreaterThan(30);
        List<String> differ = new ArrayList<>();
        for (ResultRow row : List.copyOf(vm.results())) {
            vm.detail().open(row.id());
            String meta = vm.detail().metadataProperty().get();
            String detailDate = meta.contains(" · dated ") ? "dated " + meta.split(" · dated ")[1].split(" · ")[0] : "";
            if (!row.date().equals(detailDate)) {
                differ.add(row.id() + ": row '" + row.date() + "', detail '" + detailDate + "'");
            }
        }
        assertThat(differ).isEmpty();
        assertThat(vm.results().stream().filter(r -> r.date().startsWith("dated ")).count())
                .isEqualTo(vm.results().size() - 1); // all but the scraped ADR-0199accepted
    }
}
