package app.bench;

import app.compose.IndexBackends;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectInserter;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.lib.StoredConfig;
import com.fasterxml.jackson.databind.node.ObjectNode;
import services.amendments.AmendmentsService;
import services.audit.DecisionLog;
import services.audit.DecisionSharing;
import services.review.JGitReviewBranch;
import services.review.ReviewService;
import services.review.remote.ReviewSharing;
import services.workspace.Workspace;

/**
 * Approve and revert latency on a skills repository of {@code files} files: each of {@code approvals} proposals changes a
 * different file; every approval parses the queue, plans its change, commits in-core to the review branch and
 * records the decision. Prints the median and p95; then the same with the review branch shared through a remote
 * (the fetch before each decision counted in it, the push after timed apart).
 */
public final class ReviewBenchmark {

    public record Result(int files, int approvals, double medianMs, double p95Ms, double firstMs, double revertMedianMs,
                         double revertP95Ms, double sharedMedianMs, double sharedP95Ms, double pushMedianMs,
                         double pushP95Ms) {
    }

    /** Approvals made once the review branch is shared through a remote (a bare repository over file://). */
    public static final int SHARED = 10;

    private final Path base;

    public ReviewBenchmark(Path base) {
        this.base = base;
    }

    public Result run(int files, int approvals) throws IOException, GitAPIException {
        Path ws = base.resolve("review-" + files + "-" + System.nanoTime());
        Path repo = ws.resolve("skills-repo");
        for (int i = 0; i < files; i++) {
            Path file = repo.resolve("skills/skill-" + (i / 100) + "/file-" + i + ".md");
            Files.createDirectories(file.getParent());
            Files.writeString(file, "# File " + i + "\n\n- line one\n- line two\n- line three\n");
        }
        try (Git git = Git.init().setDirectory(repo.toFile()).setInitialBranch("main").call()) {
            git.add().addFilepattern(".").call();
            PersonIdent me = new PersonIdent("bench", "bench@localhost");
            git.commit().setMessage("files").setAuthor(me).setCommitter(me).setSign(false).call();
        }
        Path proposals = Files.createDirectories(ws.resolve("vault/system/brain/skill-proposals"));
        for (int n = 0; n < approvals + SHARED; n++) {
            int i = n < approvals ? n * (files / approvals) : (n - approvals) * (files / approvals) + 2;
            String target = "skills/skill-" + (i / 100) + "/file-" + i + ".md";
            String content = "# File " + i + "\n\n- line one\n- line two\n- line three\n";
            Files.writeString(proposals.resolve("sp-bench-" + n + ".md"), "---\nid: sp-bench-" + n
                    + "\nkind: skill_update\ndrift: additive_drift\nrisk: low\nrepo: skills\ntarget: " + target
                    + "\nbase: \"" + blob(content) + "\"\nevidence:\n  - bench\n---\n## Rationale\n\nBench.\n\n## Patch\n\n"
                    + "```diff\n--- a/" + target + "\n+++ b/" + target + "\n@@ -3,3 +3,4 @@\n - line one\n - line two\n"
                    + " - line three\n+- line four\n```\n");
        }
        Files.writeString(ws.resolve("workspace.json"), "{\"name\": \"bench\", \"vault\": \"vault\", \"skillsRepo\": "
                + "\"skills-repo\", \"behaviourRepo\": \"skills-repo\", \"dreamDir\": \"dream\", \"profilesDir\": \".\"}");
        Workspace workspace = IndexBackends.shippedLoader().load(ws);
        ReviewService review = new ReviewService(workspace, Clock.systemUTC());
        List<Double> times = new ArrayList<>();
        DecisionLog dream = new DecisionLog(workspace.dreamDir().resolve("log.jsonl"));
        for (int n = 0; n < approvals; n++) {
            long start = System.nanoTime();
            review.approve("sp-bench-" + n, "bench", null);
            times.add((System.nanoTime() - start) / 1e6);
        }
        // The dream's own amendments, each on the dream branch with its Proposal-Id trailer, as the dream applies them.
        String dreamBranch = workspace.settings().dreamBranch();
        List<String> shas = new ArrayList<>();
        try (JGitReviewBranch branch = new JGitReviewBranch(repo, dreamBranch)) {
            for (int n = 0; n < approvals; n++) {
                int i = n * (files / approvals) + 1;
                String target = "skills/skill-" + (i / 100) + "/file-" + i + ".md";
                String id = "dream-bench-" + n;
                String sha = branch.commit(target, ("# File " + i + "\n\n- amended\n").getBytes(StandardCharsets.UTF_8),
                        "AMEND_SKILL: " + target + "\n\nApplied by the dream cycle (medium risk).\n\nProposal-Id: " + id
                                + "\nApproved-By: dream\nRisk: medium\n", "dream", branch.tip()).sha();
                shas.add(sha);
                ObjectNode line = DecisionLog.entry().put("ts", Instant.now().toString()).put("cycle", "bench");
                line.putArray("outputs").addObject().put("id", id).put("kind", "AMEND_SKILL").put("risk", "medium")
                        .put("target", target).put("action", "applied").put("sha", sha).put("branch", dreamBranch);
                dream.append(line);
            }
        }
        // Each amendment is reverted one by one, newest first.
        AmendmentsService amendments = new AmendmentsService(workspace, Clock.systemUTC());
        List<Double> reverts = new ArrayList<>();
        for (int n = shas.size() - 1; n >= 0; n--) {
            long start = System.nanoTime();
            amendments.revert(List.of(shas.get(n)), "bench");
            reverts.add((System.nanoTime() - start) / 1e6);
        }
        List<List<Double>> shared = shared(ws, repo, approvals);
        double first = times.get(0);
        List<Double> warm = warm(times);
        List<Double> warmReverts = warm(reverts);
        List<Double> sharedTimes = warm(shared.get(0));
        List<Double> pushes = warm(shared.get(1));
        return new Result(files, approvals, warm.get(warm.size() / 2), p95(warm), first,
                warmReverts.get(warmReverts.size() / 2), p95(warmReverts), sharedTimes.get(sharedTimes.size() / 2),
                p95(sharedTimes), pushes.get(pushes.size() / 2), p95(pushes));
    }

    /**
     * The same approvals with {@code "reviewRemote": "origin"}: each decision fetches first (as in the window, where it
     * runs off the UI thread), then the push that follows it is timed on its own (the window runs it in the
     * background, after the decision). Returns the approve times and the push times.
     */
    private static List<List<Double>> shared(Path ws, Path repo, int from) throws IOException, GitAPIException {
        Path bare = ws.resolve("remote.git");
        Git.cloneRepository().setBare(true).setURI(repo.toUri().toString()).setDirectory(bare.toFile()).call().close();
        try (Git git = Git.open(repo.toFile())) {
            StoredConfig config = git.getRepository().getConfig();
            config.setString("remote", "origin", "url", bare.toUri().toString());
            config.setString("remote", "origin", "fetch", "+refs/heads/*:refs/remotes/origin/*");
            config.save();
            git.fetch().setRemote("origin").call();
        }
        String json = Files.readString(ws.resolve("workspace.json"));
        Files.writeString(ws.resolve("workspace.json"),
                json.replaceFirst("\\}\\s*$", ", \"reviewRemote\": \"origin\"}"));
        Workspace sharedWs = IndexBackends.shippedLoader().load(ws);
        ReviewSharing sharing = ReviewSharing.of(sharedWs, Clock.systemUTC());
        ReviewService review = new ReviewService(sharedWs, Clock.systemUTC());
        review.share(new DecisionSharing() {
            @Override
            public List<String> beforeDeciding() {
                return sharing.beforeDeciding();
            }

            @Override
            public void afterDeciding() {
                // timed below, on its own, as the window's background push
            }
        });
        List<Double> approvals = new ArrayList<>();
        List<Double> pushes = new ArrayList<>();
        for (int n = from; n < from + SHARED; n++) {
            long start = System.nanoTime();
            review.approve("sp-bench-" + n, "bench", null);
            approvals.add((System.nanoTime() - start) / 1e6);
            start = System.nanoTime();
            if (sharing.sync().failed()) {
                throw new IOException("The benchmark's push to " + bare + " failed.");
            }
            pushes.add((System.nanoTime() - start) / 1e6);
        }
        return List.of(approvals, pushes);
    }

    private static List<Double> warm(List<Double> times) {
        List<Double> warm = new ArrayList<>(times.subList(Math.min(3, times.size() - 1), times.size()));
        Collections.sort(warm);
        return warm;
    }

    private static double p95(List<Double> sorted) {
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(0.95 * sorted.size()) - 1));
    }

    private static String blob(String content) {
        try (ObjectInserter.Formatter f = new ObjectInserter.Formatter()) {
            return f.idFor(Constants.OBJ_BLOB, content.getBytes(StandardCharsets.UTF_8)).name();
        }
    }
}
