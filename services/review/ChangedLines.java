package services.review;

import com.github.difflib.DiffUtils;
import com.github.difflib.patch.AbstractDelta;
import com.github.difflib.text.DiffRowGenerator;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * The rows of a line diff (java-diff-utils), with the lines of each changed block paired by likeness: an old line
 * and the new line that is mostly the same words become one row, in which only the words that differ are marked
 * (an added clause, not the sentence it was added to). A line with no such counterpart is a row of its own, marked
 * whole. Pairs keep the lines' order on both sides.
 */
final class ChangedLines {

    /** A changed block larger than this many line pairs to compare is shown unpaired (each line marked whole). */
    private static final int MAX_COMPARISONS = 40_000;

    private ChangedLines() {
    }

    /** The rows of {@code old} against {@code now}, numbered from {@code oldFirst} and {@code newFirst}. */
    static List<TextDiff.Row> rows(List<String> old, List<String> now, int oldFirst, int newFirst) {
        List<TextDiff.Row> rows = new ArrayList<>();
        Numbers no = new Numbers(oldFirst, newFirst);
        int o = 0;
        int n = 0;
        for (AbstractDelta<String> d : DiffUtils.diff(old, now).getDeltas()) {
            for (; o < d.getSource().getPosition(); o++, n++) {
                rows.add(no.equal(old.get(o)));
            }
            block(d.getSource().getLines(), d.getTarget().getLines(), no, rows);
            o += d.getSource().size();
            n += d.getTarget().size();
        }
        for (; o < old.size(); o++) {
            rows.add(no.equal(old.get(o)));
        }
        return rows;
    }

    /** A changed block: pairs by likeness, in order; the lines between pairs stand alone. */
    private static void block(List<String> old, List<String> now, Numbers no, List<TextDiff.Row> rows) {
        int o = 0;
        int n = 0;
        for (int[] pair : pairs(old, now)) {
            for (; o < pair[0]; o++) {
                rows.add(no.removed(old.get(o)));
            }
            for (; n < pair[1]; n++) {
                rows.add(no.added(now.get(n)));
            }
            rows.add(no.changed(old.get(o++), now.get(n++)));
        }
        for (; o < old.size(); o++) {
            rows.add(no.removed(old.get(o)));
        }
        for (; n < now.size(); n++) {
            rows.add(no.added(now.get(n)));
        }
    }

    /**
     * The most pairs of alike lines that keep their order (java-diff-utils' diff of the two blocks, where lines
     * that are alike count as equal), as {old index, new index}.
     */
    static List<int[]> pairs(List<String> old, List<String> now) {
        if (old.isEmpty() || now.isEmpty() || (long) old.size() * now.size() > MAX_COMPARISONS) {
            return List.of();
        }
        List<Words> left = old.stream().map(Words::of).toList();
        List<Words> right = now.stream().map(Words::of).toList();
        Map<Long, Boolean> known = new HashMap<>();
        List<Integer> x = IntStream.range(0, old.size()).boxed().toList();
        List<Integer> y = IntStream.range(0, now.size()).boxed().toList();
        List<AbstractDelta<Integer>> deltas = DiffUtils.diff(x, y, (Integer i, Integer j) -> known.computeIfAbsent(
                (long) i * now.size() + j, k -> alike(left.get(i), right.get(j)))).getDeltas();
        List<int[]> pairs = new ArrayList<>();
        int o = 0;
        int n = 0;
        for (AbstractDelta<Integer> d : deltas) {
            for (; o < d.getSource().getPosition(); o++, n++) {
                pairs.add(new int[] {o, n});
            }
            o += d.getSource().size();
            n += d.getTarget().size();
        }
        for (; o < old.size(); o++, n++) {
            pairs.add(new int[] {o, n});
        }
        return pairs;
    }

    /**
     * Whether two lines are alike enough to be one edited line: at least half the words of the shorter are in the
     * longer, in order, and the words in common are at least a third of both lines' words ({@link #likeness} at least 1/3
     * — "Be direct." and "Be direct, and name the risk nobody named." are; "- Be direct." and "- Push back when a
     * plan has a risk." are not). Words are the runs with a letter or digit; lines without any compare their marks.
     */
    static boolean alike(String a, String b) {
        return alike(Words.of(a), Words.of(b));
    }

    private static boolean alike(Words a, Words b) {
        boolean marks = a.words.isEmpty() || b.words.isEmpty();
        List<String> x = marks ? a.marks : a.words;
        List<String> y = marks ? b.marks : b.words;
        if (x.isEmpty() || y.isEmpty()) {
            return x.isEmpty() && y.isEmpty();
        }
        // half the shorter's words, and a third of both lines' words counted on both sides (2c / (x + y) >= 1/3)
        int needed = Math.max((Math.min(x.size(), y.size()) + 1) / 2, (x.size() + y.size() + 5) / 6);
        if (Words.shared(x, y) < needed) {
            return false; // not even the words both have, in any order, are enough: no diff of them needed
        }
        return common(x, y) >= needed;
    }

    /** The share of words two lines have in common, counted on both sides: 1 the same words, 0 none alike. */
    static double likeness(String a, String b) {
        Words p = Words.of(a);
        Words q = Words.of(b);
        boolean marks = p.words.isEmpty() || q.words.isEmpty();
        List<String> x = marks ? p.marks : p.words;
        List<String> y = marks ? q.marks : q.words;
        return x.isEmpty() && y.isEmpty() ? 1 : 2.0 * common(x, y) / (x.size() + y.size());
    }

    /** How many words the two have in common, in order (java-diff-utils' diff of the word lists). */
    private static int common(List<String> x, List<String> y) {
        return x.size() - DiffUtils.diff(x, y).getDeltas().stream().mapToInt(d -> d.getSource().size()).sum();
    }

    /** A line's words (the runs with a letter or digit) and its marks (all but spaces), split once. */
    private record Words(List<String> words, List<String> marks) {

        static Words of(String line) {
            List<String> all = ChangedLines.words(line).stream().filter(w -> !w.isBlank()).toList();
            return new Words(all.stream().filter(w -> w.codePoints().anyMatch(Character::isLetterOrDigit)).toList(), all);
        }

        /** How many words both have, in any order: no fewer than they have in order. */
        static int shared(List<String> x, List<String> y) {
            Map<String, Integer> counts = new HashMap<>();
            x.forEach(w -> counts.merge(w, 1, Integer::sum));
            int shared = 0;
            for (String w : y) {
                Integer c = counts.get(w);
                if (c != null && c > 0) {
                    counts.put(w, c - 1);
                    shared++;
                }
            }
            return shared;
        }
    }

    /** The words of a line with the spaces and punctuation between them, as java-diff-utils splits them. */
    private static List<String> words(String line) {
        return DiffRowGenerator.SPLITTER_BY_WORD.apply(line);
    }

    /** Each side of a pair as segments: the words the other side does not have are marked. */
    static List<List<TextDiff.Segment>> marked(String old, String now) {
        List<String> x = words(old);
        List<String> y = words(now);
        boolean[] oldChanged = new boolean[x.size()];
        boolean[] newChanged = new boolean[y.size()];
        for (AbstractDelta<String> d : DiffUtils.diff(x, y).getDeltas()) {
            for (int k = 0; k < d.getSource().size(); k++) {
                oldChanged[d.getSource().getPosition() + k] = true;
            }
            for (int k = 0; k < d.getTarget().size(); k++) {
                newChanged[d.getTarget().getPosition() + k] = true;
            }
        }
        return List.of(segments(x, oldChanged), segments(y, newChanged));
    }

    /**
     * Runs of words as segments. A marked run does not begin or end with a space (unless it is only spaces), and a
     * space alone between two marked runs is marked with them: "[API tokens or keys]", one span.
     */
    private static List<TextDiff.Segment> segments(List<String> words, boolean[] changed) {
        for (int s = 0; s < words.size(); s++) {
            if (!changed[s]) {
                continue;
            }
            int e = s;
            while (e + 1 < words.size() && changed[e + 1]) {
                e++;
            }
            int first = s;
            int last = e;
            while (first <= last && words.get(first).isBlank()) {
                first++;
            }
            while (last >= first && words.get(last).isBlank()) {
                last--;
            }
            for (int k = s; first <= last && k <= e; k++) {
                changed[k] = k >= first && k <= last;
            }
            s = e;
        }
        for (int k = 1; k < words.size() - 1; k++) {
            if (!changed[k] && words.get(k).isBlank() && changed[k - 1] && changed[k + 1]) {
                changed[k] = true;
            }
        }
        List<TextDiff.Segment> out = new ArrayList<>();
        StringBuilder run = new StringBuilder();
        for (int k = 0; k < words.size(); k++) {
            if (k > 0 && changed[k] != changed[k - 1]) {
                out.add(new TextDiff.Segment(run.toString(), changed[k - 1]));
                run.setLength(0);
            }
            run.append(words.get(k));
        }
        if (run.length() > 0 || out.isEmpty()) {
            out.add(new TextDiff.Segment(run.toString(), words.isEmpty() ? false : changed[words.size() - 1]));
        }
        return out;
    }

    /** The next line number on each side, as rows are made. */
    private static final class Numbers {
        private int old;
        private int now;

        Numbers(int oldFirst, int newFirst) {
            this.old = oldFirst;
            this.now = newFirst;
        }

        TextDiff.Row equal(String line) {
            List<TextDiff.Segment> text = List.of(new TextDiff.Segment(line, false));
            return new TextDiff.Row(TextDiff.Tag.EQUAL, old++, text, now++, text);
        }

        TextDiff.Row removed(String line) {
            return new TextDiff.Row(TextDiff.Tag.DELETE, old++, List.of(new TextDiff.Segment(line, true)), 0, List.of());
        }

        TextDiff.Row added(String line) {
            return new TextDiff.Row(TextDiff.Tag.INSERT, 0, List.of(), now++, List.of(new TextDiff.Segment(line, true)));
        }

        TextDiff.Row changed(String before, String after) {
            List<List<TextDiff.Segment>> sides = marked(before, after);
            return new TextDiff.Row(TextDiff.Tag.CHANGE, old++, sides.get(0), now++, sides.get(1));
        }
    }
}
