package viewmodels.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The diff component's lines: an edited line shows only its changed words marked, unified and side by side; lines
 * with no counterpart are marked whole, and side by side a removed one and an added one stand on one row.
 */
class DiffLinesTest {

    private static String marks(List<DiffLine.Segment> segments) {
        StringBuilder out = new StringBuilder();
        segments.forEach(s -> out.append(s.changed() ? "[" + s.text() + "]" : s.text()));
        return out.toString();
    }

    private static List<String> shown(List<DiffLine> lines) {
        return lines.stream().map(l -> l.kind() + " " + l.oldNo() + ":" + marks(l.oldText()) + " | " + l.newNo() + ":"
                + marks(l.newText())).toList();
    }

    @Test
    void anAddedClauseIsMarkedAloneInBothModes() {
        String before = "# SOUL\n- Be direct.\n";
        String after = "# SOUL\n- Be direct, and name the risk nobody named.\n";
        assertThat(shown(DiffLines.of(before, after, false))).containsExactly("context 1:# SOUL | 1:",
                "removed 2:- Be direct. | :", "added : | 2:- Be direct[, and name the risk nobody named].");
        assertThat(shown(DiffLines.of(before, after, true))).containsExactly("context 1:# SOUL | 1:# SOUL",
                "changed 2:- Be direct. | 2:- Be direct[, and name the risk nobody named].");
    }

    @Test
    void sideBySideLinesWithoutACounterpartShareRowsEachMarkedWhole() {
        assertThat(shown(DiffLines.of("Use Helm for everything.\nKeep it.\n", "Never delete by a fuzzy search.\n"
                + "Always by id.\nKeep it.\n", true))).containsExactly(
                "changed 1:[Use Helm for everything.] | 1:[Never delete by a fuzzy search.]",
                "added : | 2:[Always by id.]", "context 2:Keep it. | 3:Keep it.");
    }
}
