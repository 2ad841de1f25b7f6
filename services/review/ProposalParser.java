package services.review;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import services.text.LookAlikeText;
import services.text.PlainText;
import services.vault.FileText;
import services.vault.Frontmatter;
import services.vault.VaultFileException;

/**
 * Reads a proposal file: YAML frontmatter, {@code ## Rationale}, and either {@code ## Patch} (a unified diff in a
 * {@code ```diff} fence) or {@code ## Proposed} (the full new text in a fence longer than any fence inside it).
 */
public final class ProposalParser {

    private static final int MAX_ID = 200;
    private static final Set<String> SKILLS_KINDS = Set.of("skill_update", "AMEND_SKILL", "PROPOSE_SKILL", "PRUNE");

    /**
     * Reads the file once: the proposal parsed from those bytes carries them and their digest ({@link Snapshot}) —
     * what is shown and what a decision decides are the same read.
     */
    public Proposal parse(Path file, Proposal.Origin origin) {
        String stem = PlainText.oneLine(file.getFileName().toString().replaceFirst("\\.md$", ""));
        byte[] bytes;
        try {
            bytes = FileText.bytes(file, FileText.DEFAULT_LIMIT, null);
        } catch (VaultFileException e) {
            return empty(file, origin, stem, e.reason());
        }
        return parse(file, origin, stem, bytes).withSnapshot(Snapshot.of(bytes));
    }

    /** The proposal these bytes — a copy the console kept of {@code file} — hold, with their snapshot. */
    Proposal parse(Path file, Proposal.Origin origin, byte[] bytes) {
        String stem = PlainText.oneLine(file.getFileName().toString().replaceFirst("\\.md$", ""));
        return parse(file, origin, stem, bytes).withSnapshot(Snapshot.of(bytes));
    }

    private Proposal parse(Path file, Proposal.Origin origin, String stem, byte[] bytes) {
        Frontmatter front;
        try {
            String text = FileText.of(bytes).text();
            front = Frontmatter.parse(text);
            if (!front.present()) {
                return empty(file, origin, stem, "no YAML frontmatter (id, kind, target …)");
            }
        } catch (VaultFileException e) {
            return empty(file, origin, stem, e.reason());
        }
        String id;
        Proposal p;
        try {
            id = front.text("id");
            String kind = front.text("kind");
            String status = front.text("status") == null ? "pending" : front.text("status");
            String repo = front.text("repo");
            if (repo == null && kind != null) {
                repo = SKILLS_KINDS.contains(kind) ? "skills" : "behaviour";
            }
            String body = front.body();
            Double confidence = number(front.values().get("confidence"));
            p = new Proposal(file, origin, id == null ? stem : PlainText.oneLine(id), kind, front.text("drift"),
                    front.text("risk") == null ? "medium" : front.text("risk"), repo, front.text("target"),
                    front.text("base"), confidence, front.textList("evidence"), front.text("source"),
                    front.text("created"), status, section(body, "Rationale"), fenced(section(body, "Patch")),
                    fenced(section(body, "Proposed")), null);
        } catch (VaultFileException e) {
            return empty(file, origin, stem, e.reason());
        }
        String unsafe = id == null ? null : unsafe("id", id);
        for (String[] field : new String[][] {{"target", p.target()}, {"kind", p.kind()}, {"risk", p.risk()},
            {"repo", p.repo()}, {"status", p.status()}, {"base", p.base()}, {"source", p.source()},
            {"drift", p.drift()}, {"created", p.created()}}) {
            unsafe = unsafe != null ? unsafe : unsafe(field[0], field[1]);
        }
        if (unsafe != null) { // shown escaped, so that no screen or terminal receives the raw characters
            return new Proposal(file, origin, p.id(), PlainText.oneLine(p.kind()), PlainText.oneLine(p.drift()),
                    PlainText.oneLine(p.risk()), PlainText.oneLine(p.repo()), PlainText.oneLine(p.target()),
                    PlainText.oneLine(p.base()), p.confidence(), p.evidence().stream().map(PlainText::oneLine).toList(),
                    PlainText.oneLine(p.source()), PlainText.oneLine(p.created()), PlainText.oneLine(p.status()),
                    p.rationale(), p.patch(), p.proposedText(), unsafe);
        }
        Object rawConfidence = front.values().get("confidence");
        if (rawConfidence != null && p.confidence() == null) { // not a number, or NaN or ±Infinity (.nan, .inf)
            return p.withProblem("'confidence' must be a number from 0 to 1, found " + (rawConfidence instanceof String text
                    ? PlainText.shown(text) : PlainText.oneLine(Frontmatter.kind(rawConfidence))));
        }
        String problem = problem(p, id);
        return problem == null ? p : p.withProblem(problem);
    }

    private static String problem(Proposal p, String id) {
        if (id == null) {
            return "missing 'id'";
        }
        if (PlainText.oneLine(id).isBlank()) { // no commit trailer, decision line or recovery could name it
            return "'id' is blank; give the proposal a name such as dream-2026-11-20-01";
        }
        if (id.length() > MAX_ID) {
            return "'id' is " + id.length() + " characters long; at most " + MAX_ID;
        }
        String lookAlike = LookAlikeText.nameProblem(id).orElse(null);
        if (lookAlike != null) { // an id is compared as a person reads it: one that reads as another is refused
            return "'id' " + PlainText.shown(id) + " has " + lookAlike + "; give it an id in plain letters";
        }
        if (p.kind() == null) {
            return "missing 'kind'";
        }
        if (!Proposal.KINDS.contains(p.kind())) {
            return "unknown kind " + PlainText.shown(p.kind()) + " (expected one of skill_update, AMEND_SOUL, AMEND_SKILL, "
                    + "PROPOSE_SKILL, PROPOSE_RULE, PRUNE, OBSERVATION)";
        }
        if (!Proposal.STATUSES.contains(p.status())) {
            return "unknown status " + PlainText.shown(p.status());
        }
        if (!"skills".equals(p.repo()) && !"behaviour".equals(p.repo())) {
            return "'repo' must be skills or behaviour, found " + PlainText.shown(p.repo());
        }
        if (p.risk() != null && !Set.of("low", "medium", "high").contains(p.risk())) {
            return "'risk' must be low, medium or high, found " + PlainText.shown(p.risk());
        }
        if (p.confidence() != null && (p.confidence() < 0 || p.confidence() > 1)) {
            return "'confidence' must be a number from 0 to 1, found " + p.confidence();
        }

        if ("OBSERVATION".equals(p.kind())) {
            return null;
        }
        if (p.target() == null) {
            return "missing 'target'";
        }
        if (!p.hasChange()) {
            return "no change: needs a ## Patch (```diff fence) or a ## Proposed section (fenced full text)";
        }
        return null;
    }

    /** A value that goes into a commit trailer, a frontmatter line or a log must stay one line. */
    private static String unsafe(String key, String value) {
        return PlainText.problem(value).map(why -> "'" + key + "' " + PlainText.shown(value) + " has " + why
                + "; it must be one line of text").orElse(null);
    }

    private static Proposal empty(Path file, Proposal.Origin origin, String stem, String problem) {
        return new Proposal(file, origin, stem, null, null, null, null, null, null, null, List.of(), null, null,
                "pending", null, null, null, problem);
    }

    /** A finite number, or null: NaN and the infinities compare false with 0 and 1, so no range check sees them. */
    private static Double number(Object value) {
        Double d = null;
        if (value instanceof Number n) {
            d = n.doubleValue();
        } else if (value instanceof String text) {
            try {
                d = Double.parseDouble(text);
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return d == null || !Double.isFinite(d) ? null : d;
    }

    /** The text under {@code ## heading} up to the next {@code ## } heading outside a fence, or null. */
    static String section(String body, String heading) {
        String[] lines = body.split("\n", -1);
        StringBuilder out = null;
        String fence = null;
        for (String line : lines) {
            if (fence == null && line.startsWith("## ")) {
                if (out != null) {
                    break;
                }
                if (line.substring(3).strip().equalsIgnoreCase(heading)) {
                    out = new StringBuilder();
                }
                continue;
            }
            String t = line.strip();
            if (t.startsWith("```")) {
                String ticks = t.replaceAll("^(`+).*", "$1");
                if (fence == null) {
                    fence = ticks;
                } else if (closes(t, fence)) {
                    fence = null;
                }
            }
            if (out != null) {
                out.append(line).append('\n');
            }
        }
        return out == null ? null : out.toString();
    }

    /** The content of the first fenced block of a section (its fence closes only on an equal or longer fence). */
    static String fenced(String section) {
        if (section == null) {
            return null;
        }
        String[] lines = section.split("\n", -1);
        StringBuilder out = null;
        String fence = null;
        for (String line : lines) {
            String t = line.strip();
            if (fence == null) {
                if (t.startsWith("```")) {
                    fence = t.replaceAll("^(`+).*", "$1");
                    out = new StringBuilder();
                }
                continue;
            }
            if (closes(t, fence)) {
                return out.toString();
            }
            out.append(line).append('\n');
        }
        return null;
    }

    /** A fence closes on a line of only backticks, at least as many as opened it. */
    private static boolean closes(String line, String fence) {
        return !line.isEmpty() && line.chars().allMatch(c -> c == '`') && line.length() >= fence.length();
    }

    /** All proposals of a folder ({@code *.md}), sorted by file name. */
    public List<Proposal> parseAll(Path dir, Proposal.Origin origin) {
        return files(dir).stream().map(f -> parse(f, origin)).toList();
    }

    /** The proposal files of a folder ({@code *.md}, regular files), sorted by name; none when it is missing. */
    static List<Path> files(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (var files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".md") && Files.isRegularFile(f))
                    .sorted().toList();
        } catch (IOException e) {
            throw new ReviewException("Cannot list proposals in " + dir + ": " + e.getMessage(), e);
        }
    }
}
