package services.brief;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisDataException;
import services.errors.ConsoleException;
import services.redis.RedisConnector;
import services.redis.WatchdogLastRun;
import services.text.PlainText;

/**
 * {@link LoopState} on Redis. Loops are the {@code agent-loop:prd:*} keys (not the {@code loop:*:prd} the upstream
 * brief counts), each with its real {@code PTTL}: a key is seeded with a 7-day expiry, but every story update
 * rewrites it without one (running-system.md part 4), so keys outlive their loops — a loop counts as running only
 * while one of its stories is neither passed nor skipped, the running system's own rule (its {@code loop diagnose}).
 */
public final class RedisLoopState implements LoopState {

    static final String PRD = "agent-loop:prd:";
    static final String PITCHES = "adr:pitch:history";

    private final UnifiedJedis redis;
    private final ObjectMapper json = new ObjectMapper();

    public RedisLoopState(UnifiedJedis redis) {
        this.redis = redis;
    }

    @Override
    public Loops loops() {
        List<String> keys = RedisConnector.keys(redis, PRD);
        List<Loop> running = new ArrayList<>();
        List<Loop> ended = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        Map<String, Long> ttls = new HashMap<>();
        for (String key : keys) {
            try {
                String value = redis.get(key);
                if (value == null) {
                    continue; // expired between SCAN and GET
                }
                Loop loop = parse(key.substring(PRD.length()), value);
                (loop.running() ? running : ended).add(loop);
                long ttl = redis.pttl(key); // -1: no expiry; -2: gone since the GET
                if (ttl >= -1) {
                    ttls.put(loop.loopId(), ttl);
                }
            } catch (JedisDataException e) {
                problems.add(PlainText.oneLine(key) + " is not a string (" + firstLine(e.getMessage()) + "): not counted");
            } catch (ConsoleException e) {
                problems.add(e.getMessage());
            }
        }
        return new Loops(running, ended, problems, ttls);
    }

    /** A PRD value: {@code {title, stories: [{id, title, passes, skipped, …}], project?}}. */
    Loop parse(String loopId, String value) {
        JsonNode prd;
        try {
            prd = json.readTree(value);
        } catch (IOException e) {
            throw new ConsoleException(PlainText.oneLine(PRD + loopId) + " is not JSON (" + firstLine(e.getMessage()) + "): not counted");
        }
        if (prd == null || !prd.isObject() || !prd.path("stories").isArray()) {
            throw new ConsoleException(PlainText.oneLine(PRD + loopId) + " has no 'stories' list: not counted");
        }
        int passed = 0;
        int skipped = 0;
        int pending = 0;
        for (JsonNode story : prd.get("stories")) {
            boolean passes = truthy(story.get("passes"));
            boolean skip = truthy(story.get("skipped"));
            passed += passes ? 1 : 0;
            skipped += skip && !passes ? 1 : 0;
            pending += !passes && !skip ? 1 : 0;
        }
        String project = prd.path("project").isTextual() ? prd.get("project").asText() : null;
        return new Loop(loopId, prd.path("title").asText(""), project, passed, skipped, pending, prd.get("stories").size());
    }

    /** JavaScript truthiness, as the running system tests {@code s.passes} and {@code s.skipped}. */
    private static boolean truthy(JsonNode node) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            return false;
        }
        if (node.isBoolean()) {
            return node.booleanValue();
        }
        if (node.isNumber()) {
            return node.doubleValue() != 0 && !Double.isNaN(node.doubleValue());
        }
        if (node.isTextual()) {
            return !node.textValue().isEmpty();
        }
        return true;
    }

    @Override
    public List<Pitch> pitchHistory() {
        String raw = redis.get(PITCHES);
        if (raw == null) {
            return List.of();
        }
        JsonNode history;
        try {
            history = json.readTree(raw);
        } catch (IOException e) {
            throw new ConsoleException("Redis key " + PITCHES + " is not JSON: " + firstLine(e.getMessage()));
        }
        if (history == null || !history.isArray()) {
            throw new ConsoleException("Redis key " + PITCHES + " is not a JSON array");
        }
        List<Pitch> out = new ArrayList<>();
        for (JsonNode p : history) {
            out.add(new Pitch(pad(p.path("adr_number").asText("")), p.path("pitched_at").asText(""),
                    p.path("response").asText("")));
        }
        return out;
    }

    /**
     * {@code 186} or {@code "186"} → {@code 0186}, as the running system compares them (padStart(4, "0")); an
     * {@code ADR-} prefix is dropped.
     */
    static String pad(String number) {
        String n = number.strip().replaceFirst("(?i)^adr[-\\s]*", "");
        return n.length() < 4 ? "0".repeat(4 - n.length()) + n : n;
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "";
        }
        return PlainText.line(message.strip().lines().findFirst().orElse(""), 160);
    }

    @Override
    public Long lastWatchdogRun() {
        return WatchdogLastRun.parse(redis.get(WatchdogLastRun.KEY));
    }

    @Override
    public void close() {
        redis.close();
    }
}
