package services.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A decided proposal's patch, read back into hunks: each at the lines its own header names — several hunks, a hunk
 * at line 1, one that only adds or only deletes, headers without counts — and a patch that cannot be read refused
 * with the line and what is wrong, never numbered from a guess.
 */
class PatchHunksTest {

    private static final String FILES = "--- a/SKILL.md\n+++ b/SKILL.md\n";

    @Test
    void eachHunkStartsAtTheLinesItsHeaderNames() {
        List<TextDiff.Hunk> hunks = PatchHunks.parse(FILES
                + "@@ -24,6 +24,7 @@ ## Steps\n a\n b\n c\n+X\n d\n e\n f\n"
                + "@@ -40,3 +41,2 @@\n p\n-q\n r\n");
        assertThat(hunks).containsExactly(new TextDiff.Hunk(24, 24, "a\nb\nc\nd\ne\nf\n", "a\nb\nc\nX\nd\ne\nf\n"),
                new TextDiff.Hunk(40, 41, "p\nq\nr\n", "p\nr\n"));
    }

    @Test
    void aHunkAtLineOneAndANewFile() {
        assertThat(PatchHunks.parse(FILES + "@@ -1,2 +1,3 @@\n+# Title\n one\n two\n"))
                .containsExactly(new TextDiff.Hunk(1, 1, "one\ntwo\n", "# Title\none\ntwo\n"));
        assertThat(PatchHunks.parse("--- /dev/null\n+++ b/new.md\n@@ -0,0 +1,2 @@\n+a\n+b\n"))
                .containsExactly(new TextDiff.Hunk(1, 1, "", "a\nb\n"));
    }

    @Test
    void aHunkThatOnlyAddsOrOnlyDeletesIsPlacedAfterTheLineItNames() {
        // "-5,0": nothing removed, the lines come after line 5; "+4,0": nothing left, after new line 4
        assertThat(PatchHunks.parse(FILES + "@@ -5,0 +6,2 @@\n+x\n+y\n@@ -9,2 +10,0 @@\n-p\n-q\n"))
                .containsExactly(new TextDiff.Hunk(6, 6, "", "x\ny\n"), new TextDiff.Hunk(9, 11, "p\nq\n", ""));
    }

    @Test
    void aHeaderWithoutCountsIsOneLine() {
        assertThat(PatchHunks.parse(FILES + "@@ -3 +3 @@\n-old\n+new\n"))
                .containsExactly(new TextDiff.Hunk(3, 3, "old\n", "new\n"));
        assertThat(PatchHunks.parse(FILES + "@@ -3,2 +3 @@\n-old\n keep\n"))
                .containsExactly(new TextDiff.Hunk(3, 3, "old\nkeep\n", "keep\n"));
    }

    @Test
    void anEmptyContextLineThatLostItsSpaceAndANoNewlineMarkerAreRead() {
        assertThat(PatchHunks.parse(FILES + "@@ -7,3 +7,3 @@\n a\n\n-b\n+c\n\\ No newline at end of file\n"))
                .containsExactly(new TextDiff.Hunk(7, 7, "a\n\nb\n", "a\n\nc\n"));
    }

    @Test
    void aHeaderThatCannotBeReadIsNamedWithItsLine() {
        assertThatThrownBy(() -> PatchHunks.parse(FILES + "@@ -a +b @@\n-old\n+new\n"))
                .isInstanceOf(ReviewException.class)
                .hasMessage("the hunk header on line 3 of the patch cannot be read ('@@ -a +b @@'): expected "
                        + "'@@ -start,count +start,count @@'.");
        assertThatThrownBy(() -> PatchHunks.parse(FILES + "@@ -0,2 +1,2 @@\n-a\n+b\n a\n"))
                .hasMessageContaining("starts at line 0 with lines in it");
    }

    @Test
    void aHunkWhoseLinesDoNotMatchItsCountsIsRefused() {
        assertThatThrownBy(() -> PatchHunks.parse(FILES + "@@ -3,3 +3,3 @@\n a\n-b\n+c\n"))
                .hasMessage("the hunk on line 3 of the patch ('@@ -3,3 +3,3 @@') has 2 old and 2 new lines; its "
                        + "header says 3 and 3.");
        assertThatThrownBy(() -> PatchHunks.parse(FILES + "@@ -3,1 +3,1 @@\n-b\n+c\n+d\n"))
                .hasMessageContaining("line 6 of the patch is a changed line outside any hunk ('+d')");
    }

    @Test
    void hunksOutOfOrderOrNoneAtAllAreRefused() {
        assertThatThrownBy(() -> PatchHunks.parse(FILES + "@@ -10,2 +10,2 @@\n-a\n+b\n c\n@@ -4,1 +4,1 @@\n-x\n+y\n"))
                .hasMessageContaining("starts at old line 4, before the hunk above it ends (line 11)");
        assertThatThrownBy(() -> PatchHunks.parse(FILES)).hasMessageContaining("the patch has no hunks");
    }
}
