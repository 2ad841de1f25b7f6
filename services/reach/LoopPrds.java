package services.reach;

import java.util.List;
import java.util.Map;

/** The loops' PRDs the running system keeps in Redis: {@code agent-loop:prd:<loopId>}. */
public interface LoopPrds extends AutoCloseable {

    String PREFIX = "agent-loop:prd:";

    /** A PRD story: {@code {id, title, description, passes, skipped}}. */
    record PrdStory(String id, String title, String description, boolean passes, boolean skipped) {
    }

    record Prd(String loopId, String title, List<PrdStory> stories) {
    }

    /** The PRDs by loop id, and what could not be read (a key that is not PRD JSON) in {@code problems}. */
    Map<String, Prd> all(List<String> problems);

    @Override
    void close();

    LoopPrds NONE = new LoopPrds() {
        @Override
        public Map<String, Prd> all(List<String> problems) {
            return Map.of();
        }

        @Override
        public void close() {
        }
    };
}
