package services.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.IntStream;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/**
 * How changed lines are paired and which words are marked: a line and its edited counterpart are one row in which
 * only the words that differ are marked — an added clause, not the sentence — even when a line was inserted above
 * them; a line with no counterpart is marked whole.
 */
class ChangedLinesTest {

    /** A row as "TAG old/new: text", the marked words in [brackets]. */
    private static String show(TextDiff.Row row) {
        String old = marks(row.oldLine());
        String now = marks(row.newLine());
        return row.tag() + " " + row.oldNo() + "/" + row.newNo() + ": " + (row.tag() == TextDiff.Tag.CHANGE
                ? old + " -> " + now : old.isEmpty() ? now : old);
    }

    private static String marks(List<TextDiff.Segment> segments) {
        StringBuilder out = new StringBuilder();
        segments.forEach(s -> out.append(s.changed() ? "[" + s.text() + "]" : s.text()));
        return out.toString();
    }

    private static List<String> rows(String before, String after) {
        return TextDiff.rows(before, after).stream().map(ChangedLinesTest::show).toList();
    }

    @Test
    void aClauseAddedAtTheEndOfASentenceIsAllThatIsMarked() {
        assertThat(rows("Be direct.\nSay it.\n", "Be direct, and name the risk nobody named.\nSay it.\n"))
                .containsExactly("CHANGE 1/1: Be direct. -> Be direct[, and name the risk nobody named].",
                        "EQUAL 2/2: Say it.");
    }

    @Test
    void aLineInsertedAboveEditedLinesDoesNotPairThemWithTheWrongLines() {
        // the demo's agent-loop change: a step inserted, the next ones renumbered, one of them extended
        assertThat(rows("""
                1. Read the relevant ADRs and lessons.
                2. Do the work in small, verifiable steps.
                3. Record what you learned as a turn note.
                """, """
                1. Read the relevant ADRs and lessons.
                2. Split any story that touches more than five files.
                3. Do the work in small, verifiable steps, one commit each.
                4. Record what you learned as a turn note.
                """)).containsExactly(
                "EQUAL 1/1: 1. Read the relevant ADRs and lessons.",
                "INSERT 0/2: [2. Split any story that touches more than five files.]",
                "CHANGE 2/3: [2]. Do the work in small, verifiable steps. -> [3]. Do the work in small, verifiable "
                        + "steps[, one commit each].",
                "CHANGE 3/4: [3]. Record what you learned as a turn note. -> [4]. Record what you learned as a turn "
                        + "note.");
    }

    @Test
    void linesWithoutACounterpartAreMarkedWhole() {
        assertThat(rows("- Be direct.\n", "- Be direct.\n- Push back when a plan has a risk nobody named.\n"))
                .containsExactly("EQUAL 1/1: - Be direct.", "INSERT 0/2: [- Push back when a plan has a risk nobody named.]");
        assertThat(rows("keep\ngone for good\n", "keep\n")).containsExactly("EQUAL 1/1: keep",
                "DELETE 2/0: [gone for good]");
        // a line replaced by an unrelated one: not paired, so its words are not compared
        assertThat(rows("Use Helm for everything.\n", "Never delete by a fuzzy search.\n")).containsExactly(
                "DELETE 1/0: [Use Helm for everything.]", "INSERT 0/1: [Never delete by a fuzzy search.]");
    }

    @Test
    void wordsChangedInTheMiddleAreOneSpanWithTheSpacesBetweenThem() {
        assertThat(rows("- Never commit secrets to the repo.\n", "- Never commit API tokens or keys to the repo.\n"))
                .containsExactly("CHANGE 1/1: - Never commit [secrets] to the repo. -> - Never commit [API tokens or "
                        + "keys] to the repo.");
    }

    @Test
    void linesAreAlikeWhenMostOfTheShorterIsInTheLonger() {
        assertThat(ChangedLines.likeness("a b c d", "a b c d")).isEqualTo(1.0);
        assertThat(ChangedLines.likeness("a b c d", "w x y z")).isEqualTo(0.0);
        assertThat(ChangedLines.likeness("a b", "a b c d")).isCloseTo(0.667, Offset.offset(0.01));
        assertThat(ChangedLines.alike("Be direct.", "Be direct, and name the risk nobody named.")).isTrue();
        assertThat(ChangedLines.alike("- Be direct.", "- Push back when a plan has a risk.")).as("marks alone")
                .isFalse();
        assertThat(ChangedLines.alike("Done.", "Done once the whole index has moved to Typesense.")).as("a rewrite")
                .isFalse();
        assertThat(ChangedLines.alike("| --- | --- |", "| --- | --- | --- |")).as("no words: their marks").isTrue();
        assertThat(ChangedLines.pairs(List.of("x", "alpha beta gamma", "delta"), List.of("alpha beta gamma delta")))
                .containsExactly(new int[] {1, 0});
    }

    @Test
    void aVeryLargeChangedBlockIsShownUnpairedRatherThanCompared() {
        List<String> old = IntStream.range(0, 300).mapToObj(i -> "line " + i + " old").toList();
        List<String> now = IntStream.range(0, 300).mapToObj(i -> "line " + i + " new").toList();
        assertThat(ChangedLines.pairs(old, now)).isEmpty();
    }
}
