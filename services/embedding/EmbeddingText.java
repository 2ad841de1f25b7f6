package services.embedding;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import services.knowledge.KnowledgeDoc;

/**
 * What a document is embedded as — its content (its title when it has none), cut where the model stops reading —
 * and the content hash its vector is cached under (model name + that text), so a document whose words did not
 * change is never embedded twice, whatever else about it changed. Titles are left out: a lesson's title is the
 * start of its bullet, an ADR's adds its number, a skill's is its folder name; on the recall benchmark adding
 * them made paraphrased questions find their answer less often (MRR@5 0.39 against 0.44 for content alone).
 * A failed target is the exception ({@link #BOILERPLATE_CONTENT}): its title is all it says.
 * <p>
 * A document of two sentences or more is also embedded sentence by sentence ({@link #sentences}): a question
 * asked in other words usually matches one sentence of its answer, and the whole text's vector averages that
 * sentence with the rest (on the recall benchmark the better of the two lifted dense MRR@5 on paraphrases from
 * 0.44 to 0.56).
 */
public final class EmbeddingText {

    private EmbeddingText() {
    }

    public static String of(KnowledgeDoc doc, int maxChars) {
        String content = collapse(BOILERPLATE_CONTENT.contains(doc.type()) ? "" : doc.content().strip(), maxChars);
        String text = content.isEmpty() ? doc.title().strip() : content;
        return text.length() > maxChars ? text.substring(0, maxChars) : text;
    }

    /**
     * {@code text.replaceAll("\\s+", " ")} cut at {@code maxChars} — the same string — without reading past what
     * is kept: a search weighs hundreds of candidates, and an ADR's content runs to many thousands of characters.
     */
    static String collapse(String text, int maxChars) {
        StringBuilder out = new StringBuilder(Math.min(text.length(), maxChars + 1));
        boolean inSpace = false;
        for (int i = 0; i < text.length() && out.length() <= maxChars; i++) {
            char c = text.charAt(i);
            if (c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r') { // regex \s
                if (!inSpace) {
                    out.append(' ');
                    inSpace = true;
                }
            } else {
                out.append(c);
                inSpace = false;
            }
        }
        return out.toString();
    }

    /**
     * Types whose meaning is in the title and whose content is a template: the running system's retro writes a
     * failed target as {@code Failed: <story title>} with the content {@code Story S3 failed after 2 attempt(s)
     * with codex. Loop: …, Project: …} — ids that would make every failed target look alike. They are embedded
     * as their title.
     */
    static final Set<String> BOILERPLATE_CONTENT = Set.of("failed_target");

    /** Shorter pieces are joined to the sentence before them ("e.g.", "v2.", a stray number). */
    static final int MIN_SENTENCE = 25;
    private static final Pattern SENTENCE_END = Pattern.compile("(?<=[.!?])\\s+");

    /**
     * The sentences of what {@link #of} embeds, when there are at least two (a one-sentence text is its own
     * sentence, already embedded whole).
     */
    public static List<String> sentences(KnowledgeDoc doc, int maxChars) {
        List<String> out = new ArrayList<>();
        for (String piece : SENTENCE_END.split(of(doc, maxChars))) {
            if (!out.isEmpty() && (piece.length() < MIN_SENTENCE || out.get(out.size() - 1).length() < MIN_SENTENCE)) {
                out.set(out.size() - 1, out.get(out.size() - 1) + " " + piece);
            } else if (!piece.isBlank()) {
                out.add(piece);
            }
        }
        return out.size() < 2 ? List.of() : out;
    }

    /** SHA-256 of the model's name and the text: the cache key. */
    public static byte[] hash(String modelName, String text) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(modelName.getBytes(StandardCharsets.UTF_8));
            sha.update((byte) 0);
            return sha.digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }
}
