package viewmodels.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import services.policy.RecallEffect;

/** The Review pane's text of the effect on recall: every budget replayed, or why balanced and deep are not. */
class RecallEffectTextTest {

    private static RecallEffect.StoryChange change(String budget, String in) {
        return new RecallEffect.StoryChange("loop-a", "/p", "2026-11-01", "S2", "Retry ladder", budget, List.of(in),
                List.of("retro:loop-a"), List.of());
    }

    @Test
    void withSemanticOnThePaneCountsAndListsBalancedAndDeep() {
        RecallEffect.Effect e = new RecallEffect.Effect(List.of("skill:retro-reader"), null, 14, 9,
                List.of(change("lean", "skill:retro-reader"), change("deep", "skill:retro-reader")), List.of(),
                RecallEffect.BUDGETS, null);
        String text = RecallEffectViewModel.describe(e);
        assertThat(text).startsWith("Effect on recall: skill:retro-reader: 1 of 9 stories of the last 14 days would get "
                + "different recall (implementor 0, lean 1, balanced 0, deep 1)\n")
                .endsWith("\n  loop-a S2 \"Retry ladder\" · lean, deep: +skill:retro-reader −retro:loop-a")
                .doesNotContain("not replayed");
    }

    @Test
    void withSemanticOffThePaneSaysWhyBalancedAndDeepAreNotShown() {
        RecallEffect.Effect e = new RecallEffect.Effect(List.of("skill:retro-reader"), null, 14, 9, List.of(), List.of(),
                RecallEffect.KEYWORD_BUDGETS, "semantic search is off — turned off in workspace.json.");
        assertThat(RecallEffectViewModel.describe(e)).isEqualTo("Effect on recall: skill:retro-reader: no recall of "
                + "the 9 stories of the last 14 days would change (implementor, lean); balanced and deep not replayed: "
                + "semantic search is off — turned off in workspace.json.");
    }
}
