package services.reach;

import java.util.ArrayList;
import java.util.List;
import services.recall.ImplementorRecall;

/**
 * The stories of some loops in one flat list, in the loops' order, each with its loop and the implementor's question
 * for it (title, description or "", the loop's project) — what the reach and the effect on recall both replay.
 *
 * @param owner   the loop of the story at the same index
 * @param stories the stories
 * @param asked   the implementor's question for the story at the same index
 */
public record LoopStories(List<Loop> owner, List<Loop.LoopStory> stories, List<ImplementorRecall.Story> asked) {

    public static LoopStories of(List<Loop> loops) {
        List<Loop> owner = new ArrayList<>();
        List<Loop.LoopStory> stories = new ArrayList<>();
        List<ImplementorRecall.Story> asked = new ArrayList<>();
        for (Loop loop : loops) {
            for (Loop.LoopStory s : loop.stories()) {
                owner.add(loop);
                stories.add(s);
                asked.add(new ImplementorRecall.Story(s.title(), s.description() == null ? "" : s.description(),
                        loop.project()));
            }
        }
        return new LoopStories(List.copyOf(owner), List.copyOf(stories), List.copyOf(asked));
    }
}
