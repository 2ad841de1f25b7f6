package services.review.caps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.text.Normalizer;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Counting the items under a heading, the cap's verdict on a change, and the cap settings — plain text, no git. */
class CappedItemsTest {

    private static final CapRule RULE = new CapRule("behaviour", "SOUL.md", "Principles", 3, 90);

    private static String soul(String... items) {
        StringBuilder b = new StringBuilder("# Soul\n\nIntro.\n\n## Principles\n\n");
        for (String i : items) {
            b.append("- ").append(i).append('\n');
        }
        return b.append("\n## Other\n\n- not counted\n").toString();
    }

    @Test
    void nestedItemsAndOtherHeadingsAreNotCountedButSubheadingsAndNumberedListsAre() {
        String md = "# Soul\n\n- before the heading\n\n## principles \n\n- one\n  - nested, part of one\n- two\n"
                + "  continued\n\n### Sub\n\n1. three\n\n> - four, quoted\n\n## Next\n\n- five\n\n# Top\n- six\n";

        List<CappedItems.Item> items = CappedItems.under(md, "Principles");

        assertThat(items).extracting(CappedItems.Item::text)
                .containsExactly("one", "two continued", "three", "four, quoted");
        assertThat(items.get(0).line()).isEqualTo(6);
        assertThat(CappedItems.under(md, "Missing")).isEmpty();
    }

    @Test
    void belowTheCapAnAdditionNeedsNoTrade() {
        CapVerdict v = CapCheck.judge(RULE, soul("a", "b"), soul("a", "b", "c"), null);

        assertThat(v.refused()).isFalse();
        assertThat(v.in()).isEqualTo("c");
        assertThat(v.trade()).isFalse();
    }

    @Test
    void atTheCapAnAdditionWithoutDisplacementIsRefusedInWords() {
        CapVerdict v = CapCheck.judge(RULE, soul("a", "b", "c"), soul("a", "b", "c", "d"), null);

        assertThat(v.refusal()).contains("at its cap of 3 items").contains("'displaces'");
    }

    @Test
    void aTradeNamesTheItemOutAndTheItemIn() {
        CapVerdict v = CapCheck.judge(RULE, soul("a", "b", "c"), soul("a", "c", "d"), "b");

        assertThat(v.refused()).isFalse();
        assertThat(v.out()).isEqualTo("b");
        assertThat(v.in()).isEqualTo("d");
    }

    @Test
    void theDisplacedItemMustExistAndBeRemovedAndATradeIsOneForOne() {
        assertThat(CapCheck.judge(RULE, soul("a", "b", "c"), soul("a", "c", "d"), "z").refusal())
                .contains("not an item of SOUL.md");
        assertThat(CapCheck.judge(RULE, soul("a", "b", "c"), soul("a", "b", "c", "d"), "b").refusal())
                .contains("does not remove it");
        assertThat(CapCheck.judge(RULE, soul("a", "b", "c"), soul("c", "d", "e"), "b").refusal())
                .contains("one trade");
        assertThat(CapCheck.judge(RULE, soul("a", "b"), soul("a", "b", "c", "d"), null).refusal())
                .contains("over the cap of 3");
    }

    @Test
    void renamingTheHeadingAwayIsRefused() {
        String renamed = soul("a", "b", "c", "d").replace("## Principles", "## Principle");

        assertThat(CapCheck.judge(RULE, soul("a", "b", "c"), renamed, null).refusal())
                .contains("removes or renames the heading 'Principles'");
        assertThat(CapCheck.judge(RULE, soul(), soul().replace("## Principles", "## Other"), null).refused()).isFalse();
    }

    @Test
    void nfdAndNfcOfTheDisplacedItemAreOneItemButLookAlikesAreNot() {
        String nfc = "Café first, always";
        String before = soul("a", nfc, "c");
        String after = soul("a", "c", "d");

        assertThat(CapCheck.judge(RULE, before, after, Normalizer.normalize(nfc, Normalizer.Form.NFD)).out())
                .isEqualTo(nfc);
        assertThat(CapCheck.judge(RULE, before, after, "Café  first,\talways").refused()).isFalse();
        assertThat(CapCheck.judge(RULE, before, after, "café first, always").refused()).isTrue();
        assertThat(CapCheck.judge(RULE, before, after, "Cаfé first, always").refused()).isTrue(); // Cyrillic а
    }

    @Test
    void anNfdCopyOfAnItemDoesNotCountAsAnAddition() {
        String nfc = "Café first";
        CapVerdict v = CapCheck.judge(RULE, soul("a", nfc, "c"), soul("a", Normalizer.normalize(nfc,
                Normalizer.Form.NFD), "c"), null);

        assertThat(v.refused()).isFalse();
    }

    @Test
    void staleItemsAreThoseValidatedLongerAgoThanTheCapAllows() {
        String md = soul("old (validated: 2026-01-02)", "fresh (validated: 2026-10-30)", "by git");
        var dates = Map.of(8, Instant.parse("2026-03-01T00:00:00Z"));

        List<StaleItems.Stale> stale = StaleItems.of(RULE, md, dates, Instant.parse("2026-11-01T10:00:00Z"));

        assertThat(stale).extracting(StaleItems.Stale::text).containsExactly("old (validated: 2026-01-02)", "by git");
        assertThat(stale).extracting(StaleItems.Stale::source).containsExactly("marker", "git");
    }

    @Test
    void badCapSettingsNameTheKeyAndTheReason() throws Exception {
        ObjectMapper json = new ObjectMapper();
        assertThat(CapSettings.parse(json.readTree("[{\"repo\":\"behaviour\",\"path\":\"./soul.md\",\"heading\":"
                + "\"Principles\",\"maxItems\":20,\"staleAfterDays\":90}]")).get(0).covers("behaviour", "SOUL.md")).isTrue();
        assertThat(assertThrows(CapException.class, () -> CapSettings.parse(json.readTree(
                "[{\"repo\":\"behaviour\",\"path\":\"SOUL.md\",\"heading\":\"P\",\"maxItems\":0}]"))).getMessage())
                .contains("policy.caps[0].maxItems").contains("whole number from 1");
        assertThat(assertThrows(CapException.class, () -> CapSettings.parse(json.readTree(
                "[{\"repo\":\"other\",\"path\":\"SOUL.md\",\"heading\":\"P\",\"maxItems\":2}]"))).getMessage())
                .contains("policy.caps[0].repo");
        assertThat(assertThrows(CapException.class, () -> CapSettings.parse(json.readTree(
                "[{\"repo\":\"behaviour\",\"path\":\"SOUL.md\",\"maxItems\":2}]"))).getMessage())
                .contains("policy.caps[0].heading").contains("missing");
        assertThat(assertThrows(CapException.class, () -> CapSettings.parse(json.readTree(
                "[{\"repo\":\"behaviour\",\"path\":\"rules/*.md\",\"heading\":\"P\",\"maxItems\":2}]"))).getMessage())
                .contains("policy.caps[0].path").contains("not a glob");
        assertThat(assertThrows(CapException.class, () -> CapSettings.parse(json.readTree(
                "[{\"repo\":\"behaviour\",\"path\":\"SOUL.md\",\"heading\":\"P\",\"maxItems\":2},"
                + "{\"repo\":\"behaviour\",\"path\":\"soul.MD\",\"heading\":\"Q\",\"maxItems\":2}]"))).getMessage())
                .contains("policy.caps[1].path").contains("one cap per file");
        assertThat(assertThrows(CapException.class, () -> CapSettings.parse(json.readTree(
                "[{\"repo\":\"behaviour\",\"path\":\"SOUL.md\",\"heading\":\"P\",\"maxItems\":2,\"max\":3}]")))
                .getMessage()).contains("policy.caps[0].max").contains("not a cap setting");
    }
}
