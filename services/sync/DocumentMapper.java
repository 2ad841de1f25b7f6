package services.sync;

import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import services.knowledge.KnowledgeDoc;
import services.vault.AdrParser;
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
