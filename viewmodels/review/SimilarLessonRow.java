package viewmodels.review;

/**
 * An existing lesson like the proposal shown, for the detail pane: the two closest sentences side by side.
 *
 * @param similarity e.g. "87 %"
 * @param verdict    "possible contradiction" or "near-duplicate"
 */
public record SimilarLessonRow(String id, String title, String similarity, String sentence, String lessonSentence,
                               boolean contradiction, String verdict) {
}
