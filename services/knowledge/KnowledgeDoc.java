package services.knowledge;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * One document of the {@code system_knowledge} collection (formats.md part 2). {@code createdAt} is in epoch
 * seconds; optional fields are null when unset; {@code embedding} is null unless computed.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record KnowledgeDoc(
        String id,
        String type,
        String title,
        String content,
        String source,
        String project,
        @JsonProperty("loop_id") String loopId,
        String status,
        Integer score,
        List<String> tags,
        @JsonProperty("created_at") long createdAt,
        float[] embedding) {

    public KnowledgeDoc {
        tags = tags == null ? List.of() : List.copyOf(tags);
        if (id == null || id.isBlank()) {
            throw new IllegalArgumentException("A knowledge document needs an id");
        }
        if (type == null || type.isBlank()) {
            throw new IllegalArgumentException("Knowledge document " + id + " needs a type");
        }
        title = title == null ? "" : title;
        content = content == null ? "" : content;
    }

    public KnowledgeDoc withCreatedAt(long seconds) {
        return new KnowledgeDoc(id, type, title, content, source, project, loopId, status, score, tags, seconds,
                embedding);
    }

    public KnowledgeDoc withEmbedding(float[] vector) {
        return new KnowledgeDoc(id, type, title, content, source, project, loopId, status, score, tags, createdAt,
                vector);
    }
}
