package viewmodels.shell;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What each section does with its messages when the user leaves it (docs/design.md, Messages: a message goes once
 * it was read, and leaving its section is reading it). Sections register when their view model is made; the list is
 * emptied when another workspace's sections come.
 */
public final class SectionMessages {

    private final Map<String, Runnable> read = new LinkedHashMap<>();

    /**
     * On leaving {@code sectionId}, {@code messagesRead} runs (the view model's messages go); a second registration
     * replaces the first (a section's view may be made again).
     */
    public void track(String sectionId, Runnable messagesRead) {
        read.put(sectionId, messagesRead);
    }

    /** The user left {@code sectionId}: what it said was read. */
    void left(String sectionId) {
        if (sectionId != null) {
            read.getOrDefault(sectionId, () -> { }).run();
        }
    }

    void forgetAll() {
        read.clear();
    }
}
