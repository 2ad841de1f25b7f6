package services.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.jgit.diff.DiffEntry;
import org.eclipse.jgit.diff.DiffFormatter;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.workspace.Workspace;
import testsupport.Fixtures;

/**
 * What is committed is byte for byte what was shown: a target keeps its line endings (CRLF, LF, mixed, line by
 * line), its byte order mark and its final newline or the lack of one; the committed diff changes exactly the lines
 * the review showed; a target or base that is not UTF-8 is refused with its name and byte offset, never rewritten.
 */
public class TargetBytesTest {

    public static final String BRANCH = "brain/review";

    @TempDir
    Path tmp;

    private Workspace ws;
    private ReviewService review;

    @BeforeEach
    void setUp() {
        ws = Fixtures.demo(tmp);
        review = new ReviewService(ws, Fixtures.CLOCK);
    }

    /** Commits {@code bytes} at {@code path} on the review branch, as a person's editor wrote them. */
    private String seed(String path, byte[] bytes) {
        try (JGitReviewBranch branch = new JGitReviewBranch(ws.behaviourRepo(), BRANCH)) {
            branch.commit(path, bytes, "seed " + path, "joel", branch.tip());
            return branch.read(path).orElseThrow().blobId();
        }
    }

    private byte[] committed(String path) {
        try (JGitReviewBranch branch = new JGitReviewBranch(ws.behaviourRepo(), BRANCH)) {
            return branch.read(path).orElseThrow().content();
        }
    }

    /** A dream proposal with a unified diff as its change. */
    public static void patchProposal(Workspace ws, String id, String target, String base, String patch) throws Exception {
        String text = "---\nid: " + id + "\nkind: PROPOSE_RULE\nrisk: low\nrepo: behaviour\ntarget: "
                + ProposalWriter.quote(target) + "\nbase: " + ProposalWriter.quote(base) + "\nevidence:\n"
                + "  - \"session:x\"\nsource: \"dream:2026-11-21\"\ncreated: \"2026-11-21T03:00:00Z\"\nstatus: pending\n"
                + "---\n## Rationale\n\nA test.\n\n## Patch\n\n````diff\n" + patch + "````\n";
        Path dir = ws.dreamDir().resolve("proposals");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(id + ".md"), text, StandardCharsets.UTF_8);
    }

    /** The lines the approval's commit adds and removes, as git diffs them (line endings count). */
    private List<String> commitDiff(String sha) throws Exception {
        try (Repository repo = new FileRepositoryBuilder().setGitDir(ws.behaviourRepo().resolve(".git").toFile()).build();
             RevWalk walk = new RevWalk(repo)) {
            RevCommit c = walk.parseCommit(repo.resolve(sha));
            RevCommit parent = walk.parseCommit(c.getParent(0));
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try (DiffFormatter f = new DiffFormatter(out)) {
                f.setRepository(repo);
                for (DiffEntry e : f.scan(parent.getTree(), c.getTree())) {
                    f.format(e);
                }
            }
            List<String> changed = new ArrayList<>();
            for (String line : out.toString(StandardCharsets.UTF_8).split("\n")) {
                if ((line.startsWith("+") || line.startsWith("-")) && !line.startsWith("+++") && !line.startsWith("---")) {
                    changed.add(line);
                }
            }
            return changed;
        }
    }

    private static List<String> shownChanges(String unified) {
        return unified.lines().filter(l -> (l.startsWith("+") || l.startsWith("-")) && !l.startsWith("+++")
                && !l.startsWith("---")).toList();
    }

    private static String lines(int n, String ending) {
        StringBuilder out = new StringBuilder();
        for (int i = 1; i <= n; i++) {
            out.append("line ").append(i).append(ending);
        }
        return out.toString();
    }

    @Test
    void aCrlfTargetKeepsItsEndingsAndTheCommitChangesTheOneLineShown() throws Exception {
        String before = lines(13, "\r\n");
        String base = seed("rules/windows.md", before.getBytes(StandardCharsets.UTF_8));
        patchProposal(ws, "p-crlf", "rules/windows.md", base,
                "--- a/rules/windows.md\n+++ b/rules/windows.md\n@@ -6,3 +6,3 @@\n line 6\n-line 7\n+line seven\n line 8\n");
        ReviewService.Item item = review.find("p-crlf");
        assertNull(item.problem());
        String shown = TextDiff.unified(item.change().path(), item.change().before(), item.change().after());
        assertEquals(List.of("-line 7", "+line seven"), shownChanges(shown));

        ReviewService.Decision d = review.approve("p-crlf", "joel", null);

        assertArrayEquals(before.replace("line 7\r\n", "line seven\r\n").getBytes(StandardCharsets.UTF_8),
                committed("rules/windows.md"));
        assertEquals(List.of("-line 7\r", "+line seven\r"), commitDiff(d.commit()));
    }

    @Test
    void mixedEndingsAreKeptLineByLineAndNewLinesTakeTheEndingMostLinesHave() throws Exception {
        String before = "a\r\nb\nc\r\nd\r\ne\n";
        String base = seed("rules/mixed.md", before.getBytes(StandardCharsets.UTF_8));
        patchProposal(ws, "p-mixed", "rules/mixed.md", base,
                "--- a/rules/mixed.md\n+++ b/rules/mixed.md\n@@ -1,5 +1,6 @@\n a\n b\n-c\n+C\n+c2\n d\n e\n");

        ReviewService.Decision d = review.approve("p-mixed", "joel", null);

        assertEquals("a\r\nb\nC\r\nc2\r\nd\r\ne\n", new String(committed("rules/mixed.md"), StandardCharsets.UTF_8));
        assertEquals(List.of("-c\r", "+C\r", "+c2\r"), commitDiff(d.commit()));
    }

    @Test
    void aByteOrderMarkAndAMissingFinalNewlineStay() throws Exception {
        byte[] before = ("\uFEFF# Rules\n\n- one\n- two").getBytes(StandardCharsets.UTF_8);
        String base = seed("rules/bom.md", before);
        patchProposal(ws, "p-bom", "rules/bom.md", base,
                "--- a/rules/bom.md\n+++ b/rules/bom.md\n@@ -1,3 +1,3 @@\n # Rules\n \n-- one\n+- first\n");
        ReviewService.Item item = review.find("p-bom");
        assertEquals("# Rules\n\n- one\n- two", item.change().before(), "the BOM is not part of the text shown");

        review.approve("p-bom", "joel", null);

        assertEquals("\uFEFF# Rules\n\n- first\n- two", new String(committed("rules/bom.md"), StandardCharsets.UTF_8));
    }

    @Test
    void aLastLineThatGainsItsNewlineIsShownChangedAsTheCommitChangesIt() throws Exception {
        String base = seed("rules/noeol.md", "one\ntwo".getBytes(StandardCharsets.UTF_8));
        patchProposal(ws, "p-noeol", "rules/noeol.md", base,
                "--- a/rules/noeol.md\n+++ b/rules/noeol.md\n@@ -1,2 +1,3 @@\n one\n two\n+three\n");
        ReviewService.Item item = review.find("p-noeol");
        String shown = TextDiff.unified(item.change().path(), item.change().before(), item.change().after());

        ReviewService.Decision d = review.approve("p-noeol", "joel", null);

        assertEquals("one\ntwo\nthree", new String(committed("rules/noeol.md"), StandardCharsets.UTF_8));
        assertEquals(commitDiff(d.commit()), shownChanges(shown));
        assertThat(shown).contains("\\ No newline at end of file");
    }

    @Test
    void aFullTextProposalTakesTheTargetsEndingsAndFinalNewline() throws Exception {
        String base = seed("rules/full.md", "one\r\ntwo\r\nthree".getBytes(StandardCharsets.UTF_8));
        ProposalWriter.write(ws.dreamDir().resolve("proposals"), "p-full.md", "p-full", "PROPOSE_RULE", "behaviour",
                "rules/full.md", base, List.of("session:x"), "one\ntwo and a half\nthree\n");

        review.approve("p-full", "joel", null);

        assertEquals("one\r\ntwo and a half\r\nthree", new String(committed("rules/full.md"), StandardCharsets.UTF_8));
    }

    @Test
    void anEditedApprovalIsWrittenInTheTargetsFormToo() throws Exception {
        String base = seed("rules/edited.md", "\uFEFFa\r\nb\r\n".getBytes(StandardCharsets.UTF_8));
        patchProposal(ws, "p-edit", "rules/edited.md", base,
                "--- a/rules/edited.md\n+++ b/rules/edited.md\n@@ -1,2 +1,2 @@\n a\n-b\n+B\n");

        review.approve("p-edit", "joel", "a\nb, edited\n");

        assertEquals("\uFEFFa\r\nb, edited\r\n", new String(committed("rules/edited.md"), StandardCharsets.UTF_8));
    }

    @Test
    void aLatin1TargetIsRefusedWithItsOffsetAndNeverRewritten() throws Exception {
        byte[] latin1 = "Caf\u00e9\nline 2\n".getBytes(StandardCharsets.ISO_8859_1);
        String base = seed("rules/latin1.md", latin1);
        patchProposal(ws, "p-latin1", "rules/latin1.md", base,
                "--- a/rules/latin1.md\n+++ b/rules/latin1.md\n@@ -2 +2 @@\n-line 2\n+line two\n");

        ReviewService.Item item = review.find("p-latin1");

        assertThat(item.problem()).contains("rules/latin1.md").contains("not UTF-8").contains("offset 3")
                .contains("0xE9");
        assertThat(item.approvable()).isFalse();
        assertThrows(ReviewException.class, () -> review.approve("p-latin1", "joel", null));
        assertArrayEquals(latin1, committed("rules/latin1.md"));
        assertThat(review.list()).anyMatch(i -> i.proposal().id().equals("dream-2026-11-20-03") && i.approvable());
    }

    @Test
    void aBaseBlobThatIsNotUtf8IsRefusedNamingTheBlob() throws Exception {
        String base = seed("rules/moved.md", "Caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));
        seed("rules/moved.md", "Cafe\nmore\n".getBytes(StandardCharsets.UTF_8));
        patchProposal(ws, "p-base", "rules/moved.md", base,
                "--- a/rules/moved.md\n+++ b/rules/moved.md\n@@ -1 +1,2 @@\n Caf\u00e9\n+added\n");

        assertThat(review.find("p-base").problem()).contains("its base blob " + base.substring(0, 12))
                .contains("not UTF-8").contains("offset 3");
    }

    @Test
    void aProposalFileThatIsNotUtf8IsListedAsInvalidWithTheOffset() throws Exception {
        Path dir = ws.dreamDir().resolve("proposals");
        byte[] bytes = ("---\nid: p-bad\nkind: PROPOSE_RULE\ntarget: rules/x.md\n---\n## Rationale\n\nCaf\u00e9\n")
                .getBytes(StandardCharsets.ISO_8859_1);
        Files.write(dir.resolve("p-bad.md"), bytes);

        Proposal p = review.proposals().stream().filter(x -> x.file().getFileName().toString().equals("p-bad.md"))
                .findFirst().orElseThrow();

        assertThat(p.problem()).contains("UTF-8").contains("offset");
    }

    @Test
    void textFormRoundTripsEveryFormExactly() {
        for (String s : List.of("", "a", "a\n", "a\r\n", "a\r\nb", "a\nb\r\n", "\uFEFFx\r\ny\r\n", "x\r\r\ny\n",
                "lone\rcr\n", "\uFEFF")) {
            byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
            TextForm.Decoded d = TextForm.decode(bytes, "t");
            assertArrayEquals(bytes, d.form().bytes(d.text(), d.text()), s);
        }
    }

    @Test
    void textFormRefusesANulByte() {
        assertThat(assertThrows(TextForm.NotText.class, () -> TextForm.decode(new byte[] {'a', 0, 'b'}, "its target x"))
                .getMessage()).contains("its target x").contains("offset 1");
    }
}
