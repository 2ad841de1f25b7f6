package services.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** One set of look-alike rules for the names people read: project names, proposal ids and target paths. */
class LookAlikeTextTest {

    @ParameterizedTest
    @ValueSource(strings = {"joelclaw\uFE0F", "joel\u034Fclaw", "joelclaw\u3164", "joel\u200Bclaw", "joel\u2060claw",
        "j\u043EelclaW", "joelclaw\uDB40\uDD00", "joel\u180Eclaw"})
    void everyRuleThatRefusesAProposalIdRefusesAProjectNameAndAPath(String name) {
        assertThat(LookAlikeText.problem(name)).as(LookAlikeText.codes(name)).isPresent();
        assertThat(LookAlikeText.nameProblem(name)).as(LookAlikeText.codes(name)).isPresent();
        assertThat(LookAlikeText.pathProblem("skills/" + name + "/SKILL.md")).as(LookAlikeText.codes(name)).isPresent();
        assertThat(LookAlikeText.visible(name)).doesNotContain(name).contains("\\u{");
    }

    @ParameterizedTest
    @ValueSource(strings = {"joelclaw", "gateway-ops", "café", "日本語のプロジェクト", "Ελληνικά", "S2 beta"})
    void ordinaryNamesPass(String name) {
        assertThat(LookAlikeText.problem(name)).isEmpty();
        assertThat(LookAlikeText.visible(name)).isEqualTo(name);
    }

    @ParameterizedTest
    @ValueSource(strings = {"p-dup", "P-DUP", "p-dup\u200B", "\u0440-dup", "ｐ-dup"})
    void namesThatReadAlikeFoldToOne(String name) {
        assertThat(LookAlikeText.folded(name)).isEqualTo("p-dup");
    }
}
