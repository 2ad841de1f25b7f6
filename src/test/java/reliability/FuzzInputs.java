package reliability;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import services.review.ProposalWriter;

/**
 * Generated agent-written input for {@link DecisionFuzzTest}: proposal files, dream-log lines and workspace
 * settings, mixing well-formed values (so that approvals and reverts really run) with the hostile ones of issue
 * #25 — line breaks and control characters, trailer look-alikes, NULs, huge values, folders and paths below files
 * as targets, illegal and protected branch names, revision expressions as shas, random bytes and torn lines.
 */
final class FuzzInputs {

    private static final ObjectMapper JSON = new ObjectMapper();

    final Random random;
    private final List<String> shas;
    private final List<String> ids = new ArrayList<>();
    private int serial;

    FuzzInputs(long seed, List<String> amendmentShas) {
        this.random = new Random(seed);
        this.shas = amendmentShas;
    }

    boolean chance(double p) {
        return random.nextDouble() < p;
    }

    @SafeVarargs
    final <T> T pick(T... values) {
        return values[random.nextInt(values.length)];
    }

    <T> T pick(List<T> values) {
        return values.get(random.nextInt(values.size()));
    }

    /** A value meant to break a line, a trailer, a header or a frontmatter key. */
    String nasty() {
        String other = ids.isEmpty() ? "fz-0" : pick(ids);
        return switch (random.nextInt(14)) {
            case 0 -> "";
            case 1 -> " ";
            case 2 -> "x\nProposal-Id: " + other;
            case 3 -> "x\r\nApproved-By: mallory\nReverts: " + (shas.isEmpty() ? "0" : pick(shas));
            case 4 -> "a\u0000b";
            case 5 -> "a\u2028Proposal-Id: " + other;
            case 6 -> "a\u0085b\u000Bc\u001Bd[31m";
            case 7 -> "\u202Eevil";
            case 8 -> "\uD800lone";
            case 9 -> "x".repeat(1 + random.nextInt(200_000));
            case 10 -> "---\nstatus: approved\n---";
            case 11 -> randomText(1 + random.nextInt(80));
            case 12 -> "\"quoted\" \\ back: slash # hash";
            default -> "ok-" + random.nextInt(1000);
        };
    }

    private String randomText(int length) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < length; i++) {
            int cp = switch (random.nextInt(4)) {
                case 0 -> random.nextInt(0x20);
                case 1 -> 0x20 + random.nextInt(0x5F);
                case 2 -> 0x80 + random.nextInt(0x2000);
                default -> random.nextInt(0x10FFFF);
            };
            if (Character.isValidCodePoint(cp)) {
                out.appendCodePoint(cp);
            }
        }
        return out.toString();
    }

    String id() {
        String id = chance(0.75) ? "fz-" + (++serial) : nasty();
        ids.add(id);
        return id;
    }

    String target(String repo) {
        if (chance(0.55)) {
            return "skills".equals(repo)
                    ? pick("skills/fz-" + serial + "/SKILL.md", "skills/loop-nanny/SKILL.md", "skills/fz.md")
                    : pick("rules/fz-" + serial + ".md", "SOUL.md", "rules/exact-ids.md", "notes/fz.md");
        }
        return pick("skills", "skills/", "rules", "SOUL.md/x.md", "skills/loop-nanny/SKILL.md/deeper.md", "../x.md",
                "/etc/passwd", ".git/config", ".GIT/HEAD", "GIT~1/x", "a\u0000b.md", "x\ny.md", "./", ".", "",
                "skills/../../x", "rules/" + "d/".repeat(300) + "x.md", "\u202Erules.md", "victim.txt/..", nasty());
    }

    String branch() {
        return pick("brain/review", "brain/review", "brain/review", "brain/fz", "main", "master", "HEAD", "../../HEAD",
                "../../../victim.txt", "a..b", "x.lock", "dream/applied", "a b", "refs/heads/main", "-f", nasty());
    }

    String sha() {
        if (!shas.isEmpty() && chance(0.5)) {
            String sha = pick(shas);
            return chance(0.7) ? sha : sha.substring(0, 4 + random.nextInt(6));
        }
        return pick("HEAD", "main~1", "refs/heads/main", "dream/applied", "0000", "zzzz", "", "1f0c4b7e9a", nasty());
    }

    String by() {
        return chance(0.8) ? pick("joel", "sam", "Joël Hooks") : nasty();
    }

    /** A proposal file: mostly well-formed frontmatter with fuzzed values, sometimes random or truncated bytes. */
    byte[] proposalFile() {
        if (chance(0.08)) {
            byte[] bytes = new byte[random.nextInt(2000)];
            random.nextBytes(bytes);
            return bytes;
        }
        String repo = chance(0.9) ? pick("skills", "behaviour") : nasty();
        String kind = chance(0.9) ? pick("PROPOSE_RULE", "AMEND_SOUL", "PROPOSE_SKILL", "AMEND_SKILL", "skill_update",
                "OBSERVATION") : nasty();
        StringBuilder out = new StringBuilder("---\n");
        field(out, "id", id());
        field(out, "kind", kind);
        field(out, "risk", chance(0.9) ? pick("low", "medium", "high") : nasty());
        field(out, "repo", repo);
        field(out, "target", target(repo));
        field(out, "base", chance(0.8) ? "none" : pick("0".repeat(40), "HEAD", nasty()));
        if (chance(0.1)) {
            out.append(pick("evidence: {a: b}\n", "evidence: 7\n", "id: [a, b]\n", "status: [x]\n", "confidence: x\n"));
        } else {
            out.append("evidence:\n");
            for (int i = random.nextInt(4); i > 0; i--) {
                out.append("  - ").append(ProposalWriter.quote(chance(0.5) ? "loop-" + i : nasty())).append('\n');
            }
        }
        field(out, "status", chance(0.85) ? "pending" : pick("approved", "rejected", nasty()));
        out.append("---\n## Rationale\n\n").append(chance(0.8) ? "Because." : nasty().replace("```", "")).append("\n\n");
        if (chance(0.7)) {
            String text = chance(0.8) ? "# Fuzz " + serial + "\n\nA rule.\n" : nasty().replace("`", "'") + "\n";
            out.append("## Proposed\n\n`````\n").append(text).append("`````\n");
        } else {
            out.append("## Patch\n\n```diff\n--- a/SOUL.md\n+++ b/SOUL.md\n@@ -1,1 +1,2 @@\n")
                    .append(chance(0.5) ? " # Soul\n+- Fuzzed.\n" : nasty().replace("`", "'") + "\n").append("```\n");
        }
        byte[] bytes = out.toString().getBytes(StandardCharsets.UTF_8);
        if (chance(0.05)) {
            return Arrays.copyOf(bytes, random.nextInt(bytes.length + 1)); // torn
        }
        return bytes;
    }

    private void field(StringBuilder out, String key, String value) {
        if (chance(0.03)) {
            return; // missing
        }
        out.append(key).append(": ").append(ProposalWriter.quote(value)).append('\n');
    }

    /** A retrospective as retro.ts writes one (running-system.md part 3), with fuzzed values and sections. */
    String retro() {
        StringBuilder out = new StringBuilder("---\n");
        for (String key : List.of("loopId", "project", "date", "storiesCompleted", "storiesFailed", "storiesSkipped")) {
            if (chance(0.9)) {
                out.append(key).append(": ").append(chance(0.6) ? ProposalWriter.quote(key.startsWith("stories")
                        ? String.valueOf(random.nextInt(9)) : "loop-" + random.nextInt(99)) : pick(
                        ProposalWriter.quote(nasty()), "[a, b]", "{x: 1}", "-3", "1e99", "")).append('\n');
            }
        }
        out.append("---\n\n## Summary\n\n").append(nasty()).append("\n\n## Story Outcomes\n\n| Story | Result |\n|---|---|\n| ")
                .append(nasty().replace("\n", " ")).append(" | ").append(pick("completed", "failed", nasty())).append(" |\n")
                .append("\n## Analysis\n\n- ").append(nasty()).append("\n- A lesson long enough to be kept as a lesson.\n");
        return chance(0.1) ? out.substring(0, random.nextInt(out.length() + 1)) : out.toString();
    }

    /** A line of the dream log (without its newline): an applied or reverted output, or garbage. */
    String dreamLine() {
        if (chance(0.1)) {
            return pick("{\"ts\": \"2026-11-21T00:00:00Z\", \"cycle\": \"x\", \"outp", "[1, 2]", "not json", "{}",
                    "{\"outputs\": 5}", randomText(30).replace("\n", ""));
        }
        ObjectNode line = JSON.createObjectNode();
        line.put("ts", chance(0.9) ? "2026-11-21T0" + random.nextInt(10) + ":00:00Z" : nasty());
        line.put("cycle", chance(0.9) ? "2026-11-21" : nasty());
        line.put("trigger", "cron");
        ObjectNode output = line.putArray("outputs").addObject();
        output.put("id", chance(0.6) ? "dream-fz-" + random.nextInt(50) : nasty());
        output.put("kind", pick("AMEND_SOUL", "AMEND_SKILL", "PROPOSE_RULE", "PRUNE"));
        output.put("risk", "medium");
        output.put("target", chance(0.7) ? pick("SOUL.md", "skills/loop-nanny/SKILL.md") : nasty());
        String action = pick("applied", "applied", "reverted", "staged", "exploded");
        output.put("action", action);
        output.put("sha", sha());
        if ("reverted".equals(action)) {
            output.put("reverts", sha());
        }
        output.put("branch", chance(0.5) ? "dream/applied" : branch());
        return line.toString();
    }

    /** workspace.json with a fuzzed review branch, and sometimes a key of a wrong type. */
    String workspaceJson(ObjectNode original) {
        ObjectNode copy = original.deepCopy();
        copy.put("reviewBranch", branch());
        if (chance(0.2)) {
            switch (random.nextInt(4)) {
                case 0 -> copy.put("failedTargetTtlDays", nasty());
                case 1 -> copy.putArray("reviewBranch").add("a");
                case 2 -> copy.put("readOnly", "yes");
                default -> copy.put("name", nasty());
            }
        }
        return copy.toString();
    }
}
