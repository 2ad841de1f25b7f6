package services.reach;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import redis.clients.jedis.UnifiedJedis;
import services.redis.RedisConnector;

/**
 * {@link LoopPrds} on Redis: every {@code agent-loop:prd:*} string (seeded with a 7-day expiry, which the first story
 * update drops: most stay until {@code joelclaw loop nuke}).
 */
public final class RedisLoopPrds implements LoopPrds {

    private final UnifiedJedis redis;
    private final ObjectMapper json = new ObjectMapper();

    public RedisLoopPrds(UnifiedJedis redis) {
        this.redis = redis;
    }

    @Override
    public Map<String, Prd> all(List<String> problems) {
        List<String> keys = RedisConnector.keys(redis, PREFIX);
        Map<String, Prd> out = new LinkedHashMap<>();
        for (String key : keys) {
            String loopId = key.substring(PREFIX.length());
            String raw;
            try {
                raw = redis.get(key);
            } catch (RuntimeException e) {
                problems.add("Redis key " + key + " is not a string: " + e.getMessage());
                continue;
            }
            if (raw == null) {
                continue;
            }
            try {
                out.put(loopId, parse(loopId, json.readTree(raw)));
            } catch (IOException | IllegalArgumentException e) {
                problems.add("Redis key " + key + " is not PRD JSON {title, stories: [...]}: " + e.getMessage());
            }
        }
        return out;
    }

    static Prd parse(String loopId, JsonNode root) {
        JsonNode stories = root.path("stories");
        if (!stories.isArray()) {
            throw new IllegalArgumentException("no 'stories' array");
        }
        List<PrdStory> out = new ArrayList<>();
        for (JsonNode s : stories) {
            JsonNode description = s.get("description");
            out.add(new PrdStory(s.path("id").asText(""), s.path("title").asText(""),
                    description == null || description.isNull() ? null : description.asText(),
                    s.path("passes").asBoolean(false), s.path("skipped").asBoolean(false)));
        }
        return new Prd(loopId, root.path("title").asText(""), out);
    }

    @Override
    public void close() {
        redis.close();
    }
}
