package viewmodels.review;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.review.ChangePlanner;
import services.review.ReviewService;
import services.tasks.SynchronousTaskRunner;
import services.vault.FileText;
import services.workspace.Workspace;
import testsupport.Fixtures;

/**
 * Once a proposal is rejected its diff is rebuilt from its patch's hunks: each hunk keeps the line numbers it had
 * while the proposal was open (the file's), old and new, unified and side by side — not numbered from 1. A patch
 * whose hunk header cannot be read shows no diff, and says why, both while open and once decided.
 */
class DecidedDiffNumbersTest {

    private static final String TWO_HUNKS = "sp-2026-11-22-agent-loop-07";
    private static final String TARGET = "skills/agent-loop/SKILL.md";

    @TempDir
    Path tmp;

    /** Each line as "old new kind text" (side by side: both texts), a fold as "skip …". */
    private static List<String> shown(List<DiffLine> diff) {
        return diff.stream().map(l -> l.kind().equals("skip") ? text(l.oldText()) : l.oldNo() + " " + l.newNo() + " "
                + l.kind() + " " + text(l.oldText()) + (l.split() ? " | " + text(l.newText()) : text(l.newText())))
                .toList();
    }

    private static String text(List<DiffLine.Segment> segments) {
        return segments.stream().map(DiffLine.Segment::text).reduce("", String::concat);
    }

    /** A pending skill change to the demo's agent-loop skill with two hunks: line 8, and a line after line 31. */
    private static void plantTwoHunks(Workspace ws) throws IOException {
        byte[] bytes = Files.readAllBytes(ws.skillsDir().resolve("agent-loop/SKILL.md"));
        String before = new String(bytes, StandardCharsets.UTF_8);
        String after = before.replace("version: 2.3.0\n", "version: 2.4.0\n")
                + "- Split a story that touches more than five files.\n";
        List<String> a = ChangePlanner.lines(before);
        List<String> b = ChangePlanner.lines(after);
        String patch = String.join("\n", UnifiedDiffUtils.generateUnifiedDiff("a/" + TARGET, "b/" + TARGET, a,
                DiffUtils.diff(a, b), 3)) + "\n";
        assertThat(patch).contains("@@ -5,7 +5,7 @@").contains("@@ -29,3 +29,4 @@");
        Files.writeString(ws.skillProposalsDir().resolve(TWO_HUNKS + ".md"), "---\nid: " + TWO_HUNKS
                + "\nkind: skill_update\ndrift: additive_drift\nrisk: low\nrepo: skills\ntarget: " + TARGET
                + "\nbase: \"sha256:" + FileText.sha256(bytes) + "\"\nconfidence: 0.8\nevidence:\n  - loop-x\n"
                + "source: retro:loop-x\ncreated: 2026-11-22T03:00:00Z\nstatus: pending\n---\n\n## Rationale\n\n"
                + "Two places.\n\n## Patch\n\n```diff\n" + patch + "```\n");
    }

    @Test
    void aRejectedProposalWithTwoHunksKeepsEachHunksNumbers() throws IOException {
        Workspace ws = Fixtures.demo(tmp);
        plantTwoHunks(ws);
        ReviewViewModel vm = new ReviewViewModel(new ReviewService(ws, Fixtures.CLOCK), new SynchronousTaskRunner(),
                "joel", false);
        vm.refresh();
        vm.select(TWO_HUNKS);
        ProposalDetailViewModel d = vm.detail();
        List<String> open = shown(d.diff());
        assertThat(open).contains("⋯ 4 unchanged lines", "8  removed version: 2.3.0", " 8 added version: 2.4.0",
                "⋯ 17 unchanged lines", "31 31 context - Prefer exact ids over fuzzy search when deleting anything.",
                " 32 added - Split a story that touches more than five files.");
        d.toggleDiffMode();
        List<String> openSideBySide = shown(d.diff());
        d.toggleDiffMode();

        vm.reject("Not now.");
        assertThat(d.decisionProperty().get()).startsWith("Rejected by joel");
        assertThat(d.diffCaptionProperty().get()).isEqualTo("The diff shows the change as proposed; nothing was "
                + "committed.");
        assertThat(shown(d.diff())).as("the same lines, numbers and folds as while it was open").isEqualTo(open);
        d.toggleDiffMode();
        assertThat(shown(d.diff())).isEqualTo(openSideBySide);
    }

    @Test
    void theDemosSoulAmendmentKeepsItsNumbersAfterRejection() {
        ReviewViewModel vm = new ReviewViewModel(new ReviewService(Fixtures.demo(tmp), Fixtures.CLOCK),
                new SynchronousTaskRunner(), "joel", false);
        vm.refresh();
        vm.select("dream-2026-11-20-02");
        List<String> open = shown(vm.detail().diff());
        assertThat(open).startsWith("⋯ 2 unchanged lines", "3 3 context ## How I work").endsWith("⋯ 4 unchanged lines");

        vm.reject("Not now.");
        // the patch does not know how long the file is: no fold after its last line, the rest the same
        assertThat(shown(vm.detail().diff())).isEqualTo(open.subList(0, open.size() - 1))
                .contains(" 6 added - Push back when a plan has a risk nobody named, and name it.");
    }

    @Test
    void aPatchWhoseHunkHeaderCannotBeReadShowsNoDiffAndSaysWhy() throws IOException {
        Workspace ws = Fixtures.demo(tmp);
        Path file = ws.skillProposalsDir().resolve("sp-2026-11-18-loop-nanny-01.md");
        String text = Files.readString(file);
        Files.writeString(file, text.replaceFirst("@@ -\\d+,\\d+ \\+\\d+,\\d+ @@", "@@ -x,7 +x,8 @@"));
        ReviewViewModel vm = new ReviewViewModel(new ReviewService(ws, Fixtures.CLOCK), new SynchronousTaskRunner(),
                "joel", false);
        vm.refresh();
        vm.select("sp-2026-11-18-loop-nanny-01");
        // while open: blocked, saying why, and the rest of the queue is read as ever
        assertThat(vm.rows()).hasSizeGreaterThan(5);
        assertThat(vm.detail().problemProperty().get()).isEqualTo("Proposal sp-2026-11-18-loop-nanny-01: its patch "
                + "cannot be read: the hunk header on line 3 of the patch cannot be read ('@@ -x,7 +x,8 @@'): expected "
                + "'@@ -start,count +start,count @@'. Request changes.");
        vm.reject("Unreadable.");
        assertThat(vm.detail().diff()).isEmpty();
        assertThat(vm.detail().diffCaptionProperty().get()).startsWith("The change as proposed cannot be shown: the "
                + "hunk header on line 3 of the patch cannot be read ('@@ -x,7 +x,8 @@')");
    }
}
