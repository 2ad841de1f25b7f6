package services.review;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * A change given as a patch's hunks is numbered from each hunk's own header, with the lines between hunks folded,
 * exactly as the whole file's diff numbers them; the command line's unified text carries the same numbers in its
 * {@code @@} headers.
 */
class TextDiffHunksTest {

    /** Line 1 … 60 of a file, "line N" each. */
    private static final String FILE = IntStream.rangeClosed(1, 60).mapToObj(i -> "line " + i + "\n")
            .collect(Collectors.joining());

    private static String patch(String before, String after) {
        List<String> a = ChangePlanner.lines(before);
        List<String> b = ChangePlanner.lines(after);
        return String.join("\n", UnifiedDiffUtils.generateUnifiedDiff("a/f.md", "b/f.md", a, DiffUtils.diff(a, b), 3))
                + "\n";
    }

    private static List<String> numbered(List<TextDiff.Row> rows) {
        return rows.stream().map(r -> r.tag() + " " + r.oldNo() + " " + r.newNo()).toList();
    }

    @Test
    void severalHunksShowTheNumbersOfTheWholeFilesDiff() {
        String after = FILE.replace("line 27\n", "line 27\ninserted\n").replace("line 45\n", "")
                .replace("line 2\n", "line 2, changed\n");
        List<TextDiff.Hunk> hunks = PatchHunks.parse(patch(FILE, after));
        assertThat(hunks).hasSize(3);
        List<TextDiff.Row> fromHunks = TextDiff.rows(hunks);
        List<TextDiff.Row> whole = TextDiff.rows(FILE, after);
        // the file's diff ends with a fold of the lines after the last change, which a patch does not know
        assertThat(numbered(fromHunks)).isEqualTo(numbered(whole.subList(0, whole.size() - 1)));
        assertThat(fromHunks).filteredOn(r -> r.tag() == TextDiff.Tag.INSERT).singleElement()
                .satisfies(r -> assertThat(r.newNo()).isEqualTo(28));
        assertThat(fromHunks).filteredOn(r -> r.tag() == TextDiff.Tag.DELETE).singleElement()
                .satisfies(r -> assertThat(r.oldNo()).isEqualTo(45));
        assertThat(fromHunks.get(0).tag()).as("a hunk at line 1: nothing folded before it")
                .isEqualTo(TextDiff.Tag.EQUAL);
        assertThat(fromHunks).filteredOn(r -> r.tag() == TextDiff.Tag.SKIP).extracting(TextDiff.Row::oldNo)
                .containsExactly(19, 11); // lines 6–24 and 31–41
    }

    @Test
    void theUnifiedTextCarriesTheHunksOwnHeaders() {
        String after = FILE.replace("line 27\n", "line 27\ninserted\n").replace("line 45\n", "");
        String patch = patch(FILE, after);
        String unified = TextDiff.unified("f.md", PatchHunks.parse(patch));
        assertThat(unified).contains("@@ -25,6 +25,7 @@\n line 25\n line 26\n line 27\n+inserted\n")
                .contains("@@ -42,7 +43,6 @@\n line 42\n line 43\n line 44\n-line 45\n");
        assertThat(TextDiff.unified("f.md", FILE, after)).as("the open proposal's diff: the same hunks")
                .isEqualTo(unified);
    }

    @Test
    void onlyAddedAndOnlyDeletedHunksWithoutContext() {
        List<TextDiff.Hunk> hunks = PatchHunks.parse("@@ -5,0 +6,2 @@\n+x\n+y\n@@ -9,2 +10,0 @@\n-p\n-q\n");
        assertThat(numbered(TextDiff.rows(hunks))).containsExactly("SKIP 5 0", "INSERT 0 6", "INSERT 0 7",
                "SKIP 3 0", "DELETE 9 0", "DELETE 10 0");
        assertThat(TextDiff.unified("f.md", hunks)).isEqualTo("--- a/f.md\n+++ b/f.md\n@@ -5,0 +6,2 @@\n+x\n+y\n"
                + "@@ -9,2 +10,0 @@\n-p\n-q\n");
    }

    @Test
    void aNewFileIsOneHunkFromLineOne() {
        assertThat(TextDiff.unified("n.md", "", "a\nb\n")).isEqualTo("--- a/n.md\n+++ b/n.md\n@@ -0,0 +1,2 @@\n+a\n+b\n");
    }
}
