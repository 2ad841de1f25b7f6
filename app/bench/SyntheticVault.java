package app.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Random;

/**
 * Writes a generated workspace of about {@code docs} knowledge documents for the benchmarks: ADRs (at most
 * 5,000, numbers are four digits), skills, and loops (a retro with five lessons, patterns and a failure, plus a
 * brain note: nine documents per loop). Text is drawn from a fixed vocabulary with a fixed seed, so runs compare.
 */
final class SyntheticVault {

    static final List<String> VOCABULARY = List.of("idempotency", "email", "retry", "typesense", "filter", "backticks",
            "flaky", "network", "quarantine", "schema", "migration", "lockfile", "timezone", "utc", "budget", "tokens",
            "nanny", "stall", "restart", "review", "snapshot", "diff", "cron", "concurrency", "redis", "ttl", "vault",
            "retro", "lesson", "pattern", "skill", "gateway", "session", "channel", "otel", "event", "watchdog",
            "prune", "failed", "target", "dispatch", "story", "prd", "planner", "implementor", "reviewer", "secret",
            "prompt", "trace", "inngest", "step", "durable", "workflow", "index", "recall", "embedding", "dream",
            "amendment", "soul", "rule", "commit", "branch", "trailer", "approve", "reject", "evidence", "loop",
            "project", "agent", "tool", "codex", "claude", "ladder", "ranking", "readme", "command", "port", "server");

    private static final String[] FILLER = {"the", "a", "must", "should", "when", "before", "after", "every", "never",
        "always", "with", "without", "or", "and", "because", "so", "that", "is", "was", "keeps", "breaks", "needs"};

    record Size(int adrs, int skills, int loops, int files) {
        int docs() {
            return adrs + skills + loops * 9;
        }
    }

    static Size plan(int docs) {
        int adrs = Math.min(5_000, docs / 10);
        int skills = Math.min(500, docs / 100);
        int loops = Math.max(1, (docs - adrs - skills) / 9);
        return new Size(adrs, skills, loops, adrs + skills + loops * 2);
    }

    static Size write(Path ws, int docs) throws IOException {
        Size size = plan(docs);
        Random random = new Random(7);
        Files.createDirectories(ws);
        Files.writeString(ws.resolve("workspace.json"), "{\"name\": \"bench-" + docs + "\", \"vault\": \"vault\", "
                + "\"skillsRepo\": \"skills-repo\", \"behaviourRepo\": \".\", \"dreamDir\": \".\", \"profilesDir\": \".\", "
                // the other benchmarks measure sync, search and start-up, not 100,000 documents being embedded
                // meanwhile; bench recall measures embeddings itself
                + "\"semantic\": {\"enabled\": false}}");
        Path adrs = Files.createDirectories(ws.resolve("vault/docs/decisions"));
        for (int i = 1; i <= size.adrs(); i++) {
            String number = String.format("%04d", i);
            Files.writeString(adrs.resolve(number + "-generated-" + i + ".md"), "---\nstatus: accepted\ndate: 2025-01-01\n"
                    + "tags: [" + word(random) + ", " + word(random) + "]\npriority-score: " + random.nextInt(101)
                    + "\n---\n\n# ADR-" + number + ": " + sentence(random, 6) + "\n\n## Context\n\n" + paragraph(random, 6)
                    + "\n\n## Decision\n\n" + paragraph(random, 4) + "\n");
        }
        Path skills = ws.resolve("skills-repo/skills");
        for (int i = 1; i <= size.skills(); i++) {
            Path dir = Files.createDirectories(skills.resolve("skill-" + i));
            Files.writeString(dir.resolve("SKILL.md"), "---\nname: skill-" + i + "\ndescription: >-\n  "
                    + sentence(random, 14) + "\n---\n\n# Skill " + i + "\n\n" + paragraph(random, 8) + "\n");
        }
        Path retros = Files.createDirectories(ws.resolve("vault/system/retrospectives"));
        Path notes = Files.createDirectories(ws.resolve("vault/system/brain/codebase"));
        long base = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();
        for (int i = 0; i < size.loops(); i++) {
            String loop = "loop-" + Long.toString(base + i * 60_000L, 36) + "-" + String.format("%06d", i);
            StringBuilder retro = new StringBuilder("---\nloopId: " + loop + "\nproject: project-" + (i % 12)
                    + "\ndate: 2026-02-01T00:00:00Z\nstoriesCompleted: 3\nstoriesFailed: 1\nstoriesSkipped: 0\n---\n\n"
                    + "## Summary\n\n" + sentence(random, 12) + "\n\n## Story Outcomes\n\n| id | title | result | attempts | tool |\n"
                    + "|---|---|---|---|---|\n| S1 | " + sentence(random, 4) + " | pass | 1 | codex |\n| S2 | "
                    + sentence(random, 4) + " | fail | 3 | claude |\n\n## Codebase Patterns\n\n- " + sentence(random, 12)
                    + "\n\n## Analysis\n\n");
            for (int l = 0; l < 5; l++) {
                retro.append("- ").append(sentence(random, 14)).append('\n');
            }
            Files.writeString(retros.resolve(loop + ".md"), retro.toString());
            Files.writeString(notes.resolve(loop + ".md"), "---\ntype: retro\nloop_id: " + loop + "\nproject: \"project-"
                    + (i % 12) + "\"\ndate: 2026-02-01\n---\n\n# Loop " + loop + "\n\n## Lessons\n\n- " + sentence(random, 14) + "\n");
        }
        return size;
    }

    private static String word(Random random) {
        return VOCABULARY.get(random.nextInt(VOCABULARY.size()));
    }

    private static String sentence(Random random, int words) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < words; i++) {
            out.append(i == 0 ? "" : " ").append(random.nextInt(3) == 0 ? FILLER[random.nextInt(FILLER.length)] : word(random));
        }
        return Character.toUpperCase(out.charAt(0)) + out.substring(1) + ".";
    }

    private static String paragraph(Random random, int sentences) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < sentences; i++) {
            out.append(i == 0 ? "" : " ").append(sentence(random, 10 + random.nextInt(8)));
        }
        return out.toString();
    }
}
