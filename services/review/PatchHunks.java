package services.review;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import services.text.PlainText;

/**
 * Reads the hunks of a proposal's unified diff, each at the place its own header names ({@code @@ -24,6 +24,7 @@}:
 * old lines from 24, new lines from 24; an omitted count is 1, as in {@code @@ -3 +3 @@}; a count of 0 is an
 * insertion or deletion after the line named). Used where the patch is all there is of a change — a decided
 * proposal that was never committed — so its lines keep the numbers they had in the file.
 */
final class PatchHunks {

    private static final Pattern HEADER = Pattern.compile("^@@ -(\\d+)(?:,(\\d+))? \\+(\\d+)(?:,(\\d+))? @@.*$");

    private PatchHunks() {
    }

    /**
     * The hunks of {@code patch} in order.
     *
     * @throws ReviewException naming the line of the patch and what is wrong: a header that cannot be read, a hunk
     *                         whose lines do not match its header's counts, hunks out of order, or no hunk at all
     */
    static List<TextDiff.Hunk> parse(String patch) {
        List<TextDiff.Hunk> hunks = new ArrayList<>();
        String[] lines = (patch.endsWith("\n") ? patch.substring(0, patch.length() - 1) : patch).split("\n", -1);
        int i = 0;
        while (i < lines.length) {
            String line = lines[i].replaceFirst("\r$", "");
            if (!line.startsWith("@@")) {
                if ((line.startsWith("+") && !line.startsWith("+++ ")) || (line.startsWith("-")
                        && !line.startsWith("--- "))) {
                    throw new ReviewException("line " + (i + 1) + " of the patch is a changed line outside any hunk ("
                            + quote(line) + "): the hunk before it has more lines than its header counts.");
                }
                i++;
                continue;
            }
            Matcher m = HEADER.matcher(line);
            if (!m.matches()) {
                throw unreadable(i, line);
            }
            int oldStart = number(m.group(1));
            int oldCount = m.group(2) == null ? 1 : number(m.group(2));
            int newStart = number(m.group(3));
            int newCount = m.group(4) == null ? 1 : number(m.group(4));
            if ((oldStart == 0 && oldCount > 0) || (newStart == 0 && newCount > 0)) {
                throw new ReviewException("the hunk header on line " + (i + 1) + " of the patch (" + quote(line)
                        + ") starts at line 0 with lines in it; lines are numbered from 1.");
            }
            StringBuilder before = new StringBuilder();
            StringBuilder after = new StringBuilder();
            int oldLeft = oldCount;
            int newLeft = newCount;
            int at = i + 1;
            while ((oldLeft > 0 || newLeft > 0) && at < lines.length && !lines[at].startsWith("@@")) {
                String body = lines[at].replaceFirst("\r$", "");
                char kind = body.isEmpty() ? ' ' : body.charAt(0); // an empty context line may have lost its space
                String text = body.isEmpty() ? "" : body.substring(1);
                if (kind == ' ' || kind == '-') {
                    before.append(text).append('\n');
                    oldLeft--;
                }
                if (kind == ' ' || kind == '+') {
                    after.append(text).append('\n');
                    newLeft--;
                }
                if (kind != ' ' && kind != '-' && kind != '+' && kind != '\\') {
                    break; // not a line of a hunk: the counts are not met
                }
                at++;
            }
            if (oldLeft != 0 || newLeft != 0) {
                throw new ReviewException("the hunk on line " + (i + 1) + " of the patch (" + quote(line) + ") has "
                        + (oldCount - oldLeft) + " old and " + (newCount - newLeft) + " new lines; its header says "
                        + oldCount + " and " + newCount + ".");
            }
            TextDiff.Hunk hunk = new TextDiff.Hunk(oldCount == 0 ? oldStart + 1 : oldStart,
                    newCount == 0 ? newStart + 1 : newStart, before.toString(), after.toString());
            if (!hunks.isEmpty()) {
                TextDiff.Hunk last = hunks.get(hunks.size() - 1);
                int lastEnd = last.oldFirst() + ChangePlanner.lines(last.before()).size();
                if (hunk.oldFirst() < lastEnd) {
                    throw new ReviewException("the hunk on line " + (i + 1) + " of the patch (" + quote(line)
                            + ") starts at old line " + hunk.oldFirst() + ", before the hunk above it ends (line "
                            + (lastEnd - 1) + ").");
                }
            }
            hunks.add(hunk);
            i = at;
        }
        if (hunks.isEmpty()) {
            throw new ReviewException("the patch has no hunks (no '@@ -start,count +start,count @@' line).");
        }
        return hunks;
    }

    /**
     * Refuses a patch with a hunk header that cannot be read, naming its line (java-diff-utils would fail on it
     * without saying where); the rest of the patch is left to the code that applies it.
     */
    static void checkHeaders(String patch) {
        String[] lines = patch.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].replaceFirst("\r$", "");
            if (line.startsWith("@@") && !HEADER.matcher(line).matches()) {
                throw unreadable(i, line);
            }
        }
    }

    private static ReviewException unreadable(int index, String line) {
        return new ReviewException("the hunk header on line " + (index + 1) + " of the patch cannot be read ("
                + quote(line) + "): expected '@@ -start,count +start,count @@'.");
    }

    private static int number(String digits) {
        try {
            return Integer.parseInt(digits);
        } catch (NumberFormatException tooLarge) {
            throw new ReviewException("the hunk header names line " + digits + ", which is too large.");
        }
    }

    private static String quote(String line) {
        return "'" + PlainText.line(line, 60) + "'";
    }
}
