package services.reach;

import java.util.List;

/**
 * Which knowledge reached which story: the implementor's injection replayed for every story of the loops of a
 * window ({@link ReachService}).
 *
 * @param days            the window, in days
 * @param since           the window's start (ISO instant)
 * @param loops           loops replayed
 * @param stories         per story: the documents injected, best first
 * @param documents       per document reached, most stories first ("most reached")
 * @param neverReached    lessons, patterns and failed targets (and brain notes) no story got, and why
 * @param reachedFailed   documents given to stories that did not pass, most such stories first
 * @param problems        files or keys that could not be read
 * @param replay          how many stories were searched and how many taken from the last replay (null: unknown)
 */
public record ReachReport(int days, String since, int loops, List<StoryReach> stories, List<DocReach> documents,
                          List<NeverReached> neverReached, List<DocReach> reachedFailed, List<String> problems,
                          StoryReplays.Stats replay) {

    public ReachReport(int days, String since, int loops, List<StoryReach> stories, List<DocReach> documents,
                       List<NeverReached> neverReached, List<DocReach> reachedFailed, List<String> problems) {
        this(days, since, loops, stories, documents, neverReached, reachedFailed, problems, null);
    }

    public ReachReport {
        stories = List.copyOf(stories);
        documents = List.copyOf(documents);
        neverReached = List.copyOf(neverReached);
        reachedFailed = List.copyOf(reachedFailed);
        problems = List.copyOf(problems);
    }

    /**
     * One story replayed.
     *
     * @param descriptionKnown false when only a retro knew the story: its title alone was searched
     * @param injected         ids of the documents injected
     */
    public record StoryReach(String loopId, String project, String date, String storyId, String title, String result,
                             int attempts, boolean descriptionKnown, List<String> injected) {
    }

    /**
     * One document that reached at least one story.
     *
     * @param stories             stories it was injected into
     * @param firstAttemptPasses  of those, stories that passed on their first attempt
     * @param failedStories       of those, stories that failed (result fail)
     * @param loops               the loops of those stories
     * @param first               date of the first loop it reached (ISO instant)
     * @param last                date of the last loop it reached
     */
    public record DocReach(String id, String type, String title, String project, int stories, int firstAttemptPasses,
                           int failedStories, List<String> loops, List<String> projects, String first, String last) {
    }

    /**
     * A document no story got.
     *
     * @param why {@code type excluded}, {@code wrong project}, {@code outranked}, {@code too new} or
     *            {@code no match}
     * @param detail the reason in words
     */
    public record NeverReached(String id, String type, String title, String project, String why, String detail) {
    }
}
