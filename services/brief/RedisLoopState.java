package services.brief;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/** {@link LoopState} on Redis. Active loops are the {@code agent-loop:prd:*} keys (not {@code loop:*:prd}). */
public final class RedisLoopState implements LoopState {

    static final String PRD = "agent-loop:prd:";

    private final UnifiedJedis redis;
    private final ObjectMapper json = new ObjectMapper();

    public RedisLoopState(UnifiedJedis redis) {
        this.redis = redis;
    }

    @Override
    public List<String> activeLoops() {
        List<String> out = new ArrayList<>();
        ScanParams params = new ScanParams().match(PRD + "*").count(500);
        String cursor = ScanParams.SCAN_POINTER_START;
        do {
            ScanResult<String> page = redis.scan(cursor, params);
            page.getResult().forEach(k -> out.add(k.substring(PRD.length())));
            cursor = page.getCursor();
        } while (!ScanParams.SCAN_POINTER_START.equals(cursor));
        return out.stream().distinct().sorted().toList();
    }

    @Override
    public List<Pitch> pitchHistory() {
        String raw = redis.get("adr:pitch:history");
        if (raw == null) {
            return List.of();
        }
        try {
            List<Pitch> out = new ArrayList<>();
            for (JsonNode p : json.readTree(raw)) {
                out.add(new Pitch(p.path("adr_number").asText(), p.path("pitched_at").asText(), p.path("response").asText()));
            }
            return out;
        } catch (java.io.IOException e) {
            throw new services.errors.ConsoleException("Redis key adr:pitch:history is not a JSON array: " + e.getMessage());
        }
    }

    @Override
    public Long lastWatchdogRun() {
        return services.watchdog.RedisWatchdogGate.parse(redis.get(services.watchdog.RedisWatchdogGate.KEY));
    }

    @Override
    public void close() {
        redis.close();
    }
}
