package services.notes;

import java.util.List;

/**
 * A {@code knowledge/turn.write.requested} (formats.md part 7). Required: source, agent, and a turn id (given, or
 * built from source, agent, channel, session and turn number). Lists may be null.
 */
public record TurnNoteRequest(String source, String agent, String channel, String session, Integer turnNumber,
                              String turnId, String summary, String decision, List<String> evidence,
                              List<String> usefulnessTags, String skipReason, String occurredAt, String project,
                              String loopId, String storyId, String runId, List<String> toolNames,
                              String sourceMessageId) {
}
