package services.sync;

import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import services.knowledge.KnowledgeDoc;
import services.vault.AdrParser;
import services.vault.BrainPageParser;
import services.vault.RetroCounts;
import services.vault.RetroParser;
import services.vault.SkillParser;

/**
 * Turns parsed vault files into {@code system_knowledge} documents with the ids, titles, content limits, sources
 * and tags of formats.md part 2. Documents derived from a loop carry the loop's date as {@code created_at}, so a
 * failed target expires a TTL after the failure, not after the last sync.
 */
final class DocumentMapper {

    static final int ADR_CONTENT = 8_000;
    static final int SKILL_CONTENT = 6_000;
    static final int RETRO_CONTENT = 8_000;

    /** Status of an ADR that names none, as the running sync writes it (one facet value for both writers). */
    static final String NO_STATUS = "unknown";

    /**
     * The id of an ADR file: {@code adr:NNNN}, or — when an earlier file (by name) has the same number —
     * {@code adr:NNNN:<slug>}, the file name without number and extension. The rule depends only on the file names,
     * so the choice never flips between syncs.
     */
    static String adrId(String fileName, String firstOfNumber) {
        String number = fileName.substring(0, 4);
        if (firstOfNumber == null) {
            return "adr:" + number;
        }
        String slug = fileName.substring(Math.min(5, fileName.length()), fileName.length() - 3);
        return "adr:" + number + ":" + (slug.isEmpty() ? fileName : slug);
    }

    List<KnowledgeDoc> adr(AdrParser.Adr adr, String fileName, String firstOfNumber, long now) {
        LinkedHashSet<String> tags = new LinkedHashSet<>();
        tags.add("adr");
        tags.addAll(adr.tags());
        if (adr.supersededBy() != null) {
            tags.add("superseded-by:" + adr.supersededBy());
        }
        return List.of(new KnowledgeDoc(adrId(fileName, firstOfNumber), "adr", adr.title(),
                limit(adr.body().strip(), ADR_CONTENT), "vault:docs/decisions/" + fileName, null, null,
                adr.status() == null ? NO_STATUS : adr.status(), adr.score(), List.copyOf(tags), now, null));
    }

    /** A skill; its source is {@code skills/<dir>/SKILL.md}, as the running writers write it. */
    List<KnowledgeDoc> skill(SkillParser.Skill skill, String dirName, long now) {
        String content = skill.description() + "\n\n" + limit(skill.body().strip(), SKILL_CONTENT);
        return List.of(new KnowledgeDoc("skill:" + dirName, "skill", dirName, content,
                "skills/" + dirName + "/SKILL.md", null, null, null, null, List.of("skill"), now, null));
    }

    List<KnowledgeDoc> retro(RetroParser.Retro retro, long now) {
        String loop = retro.loopId();
        long when = epochSeconds(retro.date(), now);
        List<KnowledgeDoc> docs = new ArrayList<>();
        String source = "vault:system/retrospectives/" + loop + ".md";
        RetroCounts counts = RetroCounts.of(retro);
        String title = RetroCounts.title(loop, retro.project(), counts);
        docs.add(new KnowledgeDoc("retro:" + loop, "retro", title, limit(retro.text().strip(), RETRO_CONTENT), source,
                retro.project(), loop, null, null, List.of("retro", "loop"), when, null));
        for (int i = 0; i < retro.lessons().size(); i++) {
            String lesson = retro.lessons().get(i);
            docs.add(new KnowledgeDoc("lesson:" + loop + ":" + i, "lesson", limit(lesson, 120), lesson, source,
                    retro.project(), loop, null, null, List.of("lesson", "loop"), when, null));
        }
        if (!retro.patterns().isBlank()) {
            docs.add(new KnowledgeDoc("pattern:" + loop, "pattern", "Codebase patterns from loop " + loop,
                    retro.patterns(), source, retro.project(), loop, null, null, List.of("pattern", "loop"), when, null));
        }
        for (RetroParser.Story story : retro.stories()) {
            if ("fail".equals(story.result())) { // !passed && !skipped, as the running retro indexes failed targets
                docs.add(new KnowledgeDoc("failed_target:" + loop + ":" + story.id(), "failed_target",
                        "Failed: " + story.title(), "Story " + story.id() + " failed after " + story.attempts()
                        + " attempt(s) with " + story.tool() + ". Loop: " + loop + ", Project: " + retro.project(),
                        source, retro.project(), loop, null, null, List.of("failed_target", "loop"), when, null));
            }
        }
        return docs;
    }

    List<KnowledgeDoc> brainNote(RetroParser.Retro note, long now) {
        String loop = note.loopId();
        return List.of(new KnowledgeDoc("brain:" + loop, "brain_note", "Brain note: loop " + loop
                + (note.project() == null ? "" : " (" + note.project() + ")"), limit(note.text().strip(), RETRO_CONTENT),
                "vault:system/brain/codebase/" + loop + ".md", note.project(), loop, null, null,
                List.of("brain", "loop"), epochSeconds(note.date(), now), null));
    }

    /**
     * A Brain page (running-system.md part 11): id {@code brain:<folder>/<path without .svx>}, type {@code decision}
     * for {@code decide-*.svx} pages and pages under {@code resources/decisions/}, else {@code brain_page}; its
     * frontmatter type a tag {@code brain-type:<type>}; {@code private} a tag; parent and blocker links tags
     * {@code parent:<target>} and {@code blocker:<target>}, the target an id or {@code title:<title>}. A link that
     * names no page is added to {@code unresolved} as a warning.
     */
    List<KnowledgeDoc> brainPage(BrainPageParser.Page page, String folder, String inside,
                                 long modified, List<String> unresolved) {
        String stem = inside.substring(0, inside.length() - ".svx".length());
        String fileName = stem.substring(stem.lastIndexOf('/') + 1);
        boolean decision = fileName.startsWith("decide-") || inside.startsWith("resources/decisions/");
        LinkedHashSet<String> tags = new LinkedHashSet<>();
        tags.add("brain");
        if (page.pageType() != null) {
            tags.add(BRAIN_TYPE + page.pageType());
        }
        if (page.isPrivate()) {
            tags.add(PRIVATE);
            if (!page.privacy().equalsIgnoreCase(PRIVATE)) {
                tags.add("privacy:" + page.privacy());
            }
        }
        for (String parent : page.parents()) {
            link("parent", parent, folder, inside, tags, unresolved);
        }
        for (String blocker : page.blockers()) {
            link("blocker", blocker, folder, inside, tags, unresolved);
        }
        long when = epochSeconds(page.createdAt(), -1);
        if (when < 0) { // dated by its file (a checkout's time), as the running builder does: said, so no era trusts it
            when = modified;
            tags.add(UNDATED);
        }
        return List.of(new KnowledgeDoc("brain:" + folder + "/" + stem, decision ? "decision" : "brain_page",
                page.title(), limit(page.text(), BRAIN_CONTENT), "brain:" + folder + "/.brain/" + inside, null, null,
                page.status(), null, List.copyOf(tags), when, null));
    }

    static final int BRAIN_CONTENT = 16_000;
    /** The tag of a Brain page with no date in its frontmatter: its time is its file's. */
    public static final String UNDATED = "undated";
    /** The tag that keeps a Brain page's own frontmatter {@code type} as a facet value. */
    static final String BRAIN_TYPE = "brain-type:";
    /** The tag of a page whose {@code privacy} is set and not public: never copied to another backend. */
    public static final String PRIVATE = "private";

    private static void link(String kind, String raw, String folder, String inside, Set<String> tags,
                             List<String> unresolved) {
        String target = brainTarget(raw, folder, inside);
        if (target == null || (kind + ":" + target).length() > DocumentBounds.MAX_VALUE) {
            unresolved.add(kind + " link \"" + raw + "\" names no page inside a .brain folder; not linked");
        } else {
            tags.add(kind + ":" + target);
        }
    }

    /**
     * The id a page's link names: {@code ./x.svx} and {@code ../y/x.svx} relative to the page,
     * {@code .brain/y/x.svx} relative to the repository, {@code ../../../other/.brain/x.svx} another repository's
     * page; a link with no slash and no {@code .svx} is a page's title ({@code title:<title>}). Null: none.
     */
    static String brainTarget(String raw, String folder, String inside) {
        String link = raw.strip();
        if (!link.contains("/") && !link.endsWith(".svx")) {
            return link.isEmpty() ? null : "title:" + link;
        }
        if (link.startsWith("/") || link.contains("://") || !link.endsWith(".svx")) {
            return null;
        }
        Path base = Path.of(folder, ".brain");
        Path resolved = link.startsWith(".brain/")
                ? Path.of(folder).resolve(link).normalize()
                : base.resolve(inside).getParent().resolve(link).normalize();
        // resolved is <repository>/.brain/<path>, relative to the folder holding the repositories
        if (resolved.getNameCount() < 3 || resolved.startsWith("..") || !resolved.getName(1).toString().equals(".brain")) {
            Path up = Path.of(folder).resolve(resolved).normalize();
            return up.getNameCount() >= 3 && !up.startsWith("..") && up.getName(1).toString().equals(".brain")
                    ? id(up) : null;
        }
        return id(resolved);
    }

    private static String id(Path repoBrainPath) {
        String rest = repoBrainPath.subpath(2, repoBrainPath.getNameCount()).toString().replace('\\', '/');
        return "brain:" + repoBrainPath.getName(0) + "/" + rest.substring(0, rest.length() - ".svx".length());
    }

    static String limit(String text, int max) {
        return text.length() <= max ? text : text.substring(0, max);
    }

    /** An ISO instant, offset date-time or plain date as epoch seconds; {@code fallback} when absent or unreadable. */
    static long epochSeconds(String date, long fallback) {
        if (date == null) {
            return fallback;
        }
        try {
            return Instant.parse(date).getEpochSecond();
        } catch (DateTimeParseException notInstant) {
            try {
                return OffsetDateTime.parse(date).toEpochSecond();
            } catch (DateTimeParseException notOffset) {
                try {
                    return LocalDate.parse(date).atStartOfDay(ZoneOffset.UTC).toEpochSecond();
                } catch (DateTimeParseException notDate) {
                    return fallback;
                }
            }
        }
    }
}
