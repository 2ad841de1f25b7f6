package services.demo;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.function.BiFunction;
import java.util.function.Function;
import services.amendments.AmendmentHistory;
import services.audit.DecisionLog;
import services.review.ReviewBranch;

/**
 * Dream amendments applied automatically on the {@code dream/applied} branch of the behaviour and skills repos,
 * with their dream log: three applied, one of them already reverted, and one whose commit is missing.
 */
final class DemoAmendments {

    static final String BRANCH = "dream/applied";

    private final Path skillsRepo;
    private final Path behaviourRepo;
    private final DecisionLog log;
    private final Instant now;
    private final BiFunction<Path, String, ReviewBranch> branches;
    private final Function<Path, AmendmentHistory> histories;

    DemoAmendments(Path skillsRepo, Path behaviourRepo, Path dreamDir, Instant now,
                   BiFunction<Path, String, ReviewBranch> branches, Function<Path, AmendmentHistory> histories) {
        this.branches = branches;
        this.histories = histories;
        this.skillsRepo = skillsRepo;
        this.behaviourRepo = behaviourRepo;
        this.log = new DecisionLog(dreamDir.resolve("log.jsonl"));
        this.now = now;
    }

    int write() throws IOException {
        String soul = committed(behaviourRepo, "SOUL.md");
        String soul1 = soul.replace("- Say what I do not know.\n", "- Say what I do not know.\n- Ask before deleting "
                + "anything I did not create.\n");
        String a = amend(behaviourRepo, "dream-2026-11-10-01", "AMEND_SOUL", "SOUL.md", soul1, "session:2026-11-09-gw-41c2");
        logApplied(days(12), "2026-11-10", "dream-2026-11-10-01", "AMEND_SOUL", "SOUL.md", a);

        String nanny = committed(skillsRepo, "skills/loop-nanny/SKILL.md");
        String b = amend(skillsRepo, "dream-2026-11-13-02", "AMEND_SKILL", "skills/loop-nanny/SKILL.md",
                nanny.replace("## Steps\n\n", "## Steps\n\n0. Check the loop's budget before restarting a step.\n"),
                "loop-mw9udo6y-kfnzzf");
        logApplied(days(9), "2026-11-13", "dream-2026-11-13-02", "AMEND_SKILL", "skills/loop-nanny/SKILL.md", b);

        String soul2 = soul1.replace("- Push to main.\n", "- Push to main.\n- Answer with more than three options.\n");
        String c = amend(behaviourRepo, "dream-2026-11-15-03", "AMEND_SOUL", "SOUL.md", soul2, "session:2026-11-14-cli-09aa");
        logApplied(days(7), "2026-11-15", "dream-2026-11-15-03", "AMEND_SOUL", "SOUL.md", c);
        try (AmendmentHistory history = histories.apply(behaviourRepo)) {
            String r = history.revert(BRANCH, c, "Revert AMEND_SOUL: SOUL.md\n\nReverts: " + c
                    + "\nReverted-By: joel\nProposal-Id: dream-2026-11-15-03\n", "joel");
            ObjectNode line = line(days(6), "2026-11-15");
            ObjectNode out = line.putArray("outputs").addObject();
            out.put("id", "dream-2026-11-15-03").put("kind", "AMEND_SOUL").put("risk", "medium").put("target", "SOUL.md")
                    .put("action", "reverted").put("reverts", c).put("sha", r).put("branch", BRANCH).put("by", "joel")
                    .put("reason", "Joel wants fewer options, not more.");
            log.append(line);
        }
        logApplied(days(5), "2026-11-17", "dream-2026-11-17-04", "AMEND_SKILL", "skills/vault-notes/SKILL.md",
                "1f0c4b7e9a2d3c5b6a7e8f9d0c1b2a3e4f5d6c7b");
        // One line torn by a crash of the writer: it is reported with its line number, the rest still listed.
        Files.write(log.file(), "{\"ts\": \"2026-11-18T03:00:00Z\", \"cycle\": \"2026-11-18\", \"outp\n"
                .getBytes(StandardCharsets.UTF_8), StandardOpenOption.APPEND);
        return 4;
    }

    private Instant days(int ago) {
        return now.minusSeconds(ago * 86_400L);
    }

    private String committed(Path repo, String path) {
        try (ReviewBranch main = branches.apply(repo, "main")) {
            return new String(main.read(path).orElseThrow().content(), StandardCharsets.UTF_8);
        }
    }

    private String amend(Path repo, String id, String kind, String path, String content, String evidence) {
        try (ReviewBranch branch = branches.apply(repo, BRANCH)) {
            return branch.commit(path, content.getBytes(StandardCharsets.UTF_8), kind + ": " + path
                    + "\n\nApplied by the dream cycle (medium risk).\n\nProposal-Id: " + id + "\nApproved-By: dream\nEvidence: "
                    + evidence + "\nRisk: medium\n", "dream", branch.tip()).sha();
        }
    }

    private void logApplied(Instant at, String cycle, String id, String kind, String target, String sha) {
        ObjectNode line = line(at, cycle);
        line.putArray("outputs").addObject().put("id", id).put("kind", kind).put("risk", "medium").put("target", target)
                .put("action", "applied").put("sha", sha).put("branch", BRANCH);
        log.append(line);
    }

    private static ObjectNode line(Instant at, String cycle) {
        ObjectNode line = DecisionLog.entry();
        line.put("ts", at.toString()).put("cycle", cycle).put("trigger", "cron");
        return line;
    }
}
