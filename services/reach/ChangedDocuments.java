package services.reach;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import services.knowledge.KnowledgeDoc;

/**
 * A quick, conservative first check of which story queries new or changed documents could match, before the
 * exact check on a scratch index: a query whose words (stemmed as the index stems them) are not all in one of the
 * documents' title and content, or that is not in its project, cannot match it (every word is required). It
 * only ever says "maybe" for a query it cannot judge this way: one with search syntax (quotes, a leading minus,
 * {@code | * ~ ( ) +}), or longer than what the index searches; the last word, which the index also matches as
 * the start of a longer word, is not required.
 */
final class ChangedDocuments {

    private static final Pattern SYNTAX = Pattern.compile("[\"|*~()+\\\\]|(^|\\s)-");
    private static final int MAX_WORDS = 150;
    private static final int MAX_CHARS = 3000;

    private record Doc(String project, Set<String> terms) {
    }

    private final List<Doc> docs = new ArrayList<>();

    ChangedDocuments(List<KnowledgeDoc> fresh) {
        for (KnowledgeDoc d : fresh) {
            docs.add(new Doc(d.project() == null ? "" : d.project(),
                    LessonSimilarity.stems(d.title() + "\n" + d.content())));
        }
    }

    /**
     * False only when no document can match the query.
     *
     * @param project the story's project ("" for none: every document qualifies)
     * @param anyWord the query matches on any of its words (a story whose whole query matched nothing)
     */
    boolean mayMatch(String query, String project, boolean anyWord) {
        if (SYNTAX.matcher(query).find() || query.length() > MAX_CHARS
                || query.split("\\s+").length > MAX_WORDS) {
            return true;
        }
        String strip = query.strip();
        int end = strip.length();
        while (end > 0 && Character.isLetterOrDigit(strip.charAt(end - 1))) {
            end--;
        }
        Set<String> required = LessonSimilarity.stems(anyWord ? strip : strip.substring(0, end));
        for (Doc d : docs) {
            if (!project.isEmpty() && !project.equals(d.project())) {
                continue;
            }
            if (anyWord ? required.isEmpty() || required.stream().anyMatch(d.terms()::contains)
                    : d.terms().containsAll(required)) {
                return true;
            }
        }
        return false;
    }
}
