package services.reach;

import java.time.Instant;
import java.util.List;

/**
 * A loop of the running system as the reach replay sees it: its project (the project path the implementor filters
 * by; null when only Redis knew the loop), when it ran, and its stories.
 *
 * @param source where the loop was read: {@code retro}, {@code prd} or {@code retro+prd}
 */
public record Loop(String loopId, String project, Instant date, List<LoopStory> stories, String source) {

    public Loop {
        stories = List.copyOf(stories);
    }

    /**
     * A story of a loop.
     *
     * @param description the PRD's description, or null when unknown (a retro's table has none): the replay then
     *                    searches the title alone
     * @param result      {@code pass}, {@code fail}, {@code skip}, or {@code open} (a PRD story neither passed nor
     *                    skipped, no retro yet)
     * @param attempts    attempts the retro counted (1 when unknown)
     */
    public record LoopStory(String id, String title, String description, String result, int attempts) {

        public boolean passedFirstAttempt() {
            return "pass".equals(result) && attempts <= 1;
        }
    }
}
