package services.review.caps;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import services.review.JGitReviewBranch;
import services.review.ProposalWriter;
import services.workspace.Workspace;
import services.workspace.WorkspaceFile;
import testsupport.Fixtures;

/**
 * A demo workspace with a capped SOUL.md (at most 2 principles, stale after 30 days) at its cap on the review
 * branch, and two proposals: {@code cap-add} adds a third without displacing one, {@code cap-trade} trades
 * "Old one" for "New".
 */
public final class CapFixture {

    public static final String OLD = "Old one (validated: 2025-01-01)";

    private CapFixture() {
    }

    public static String soul(String... items) {
        StringBuilder b = new StringBuilder("# Soul\n\n## Principles\n\n");
        for (String i : items) {
            b.append("- ").append(i).append('\n');
        }
        return b.toString();
    }

    /** Caps and seeds the demo workspace at {@code dir}. */
    public static Workspace seed(Path dir) {
        Workspace ws = Fixtures.loader().load(dir);
        new WorkspaceFile(ws.dir()).update(root -> root.with("policy").putArray("caps").addObject()
                .put("repo", "behaviour").put("path", "SOUL.md").put("heading", "Principles").put("maxItems", 2)
                .put("staleAfterDays", 30));
        String base;
        try (JGitReviewBranch b = new JGitReviewBranch(ws.behaviourRepo(), ws.reviewBranch())) {
            b.commit("SOUL.md", soul(OLD, "Keep").getBytes(StandardCharsets.UTF_8), "seed", "joel", b.tip());
            base = b.read("SOUL.md").orElseThrow().blobId();
        }
        try {
            Path proposals = ws.dreamDir().resolve("proposals");
            ProposalWriter.write(proposals, "cap-add.md", "cap-add", "AMEND_SOUL", "behaviour", "SOUL.md", base,
                    List.of("session:1"), soul(OLD, "Keep", "New"));
            Path trade = ProposalWriter.write(proposals, "cap-trade.md", "cap-trade", "AMEND_SOUL", "behaviour",
                    "SOUL.md", base, List.of("session:2"), soul("Keep", "New"));
            Files.writeString(trade, Files.readString(trade).replace("\nstatus: pending\n",
                    "\nstatus: pending\ndisplaces: " + ProposalWriter.quote(OLD) + "\n"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return ws;
    }
}
