package services.demo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import services.workspace.WorkspaceException;

/**
 * The loop state a running deployment keeps in Redis for the demo's loops (running-system.md parts 4–5): an
 * {@code agent-loop:prd:<loopId>} PRD for each loop that ended in the last 7 days (every story passed or skipped —
 * the key outlives its loop by 7 days), two running loops with pending stories, and an {@code adr:pitch:history}
 * with an approval, a rejection two days ago and a pitch still pending. Written to {@code state/demo-redis.json}
 * with the demo, and into a Redis by {@link RedisDemoSeed#seed}.
 */
public final class DemoLoopState {

    public static final String FILE = "state/demo-redis.json";
    private static final long WEEK = Duration.ofDays(7).toSeconds();
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One key: its value and how many seconds it has left to live. */
    public record Key(String key, String value, long ttlSeconds) {
    }

    private DemoLoopState() {
    }

    static List<Key> keys(List<DemoRetros.Loop> loops, Instant now) {
        List<Key> out = new ArrayList<>();
        for (DemoRetros.Loop loop : loops) {
            long age = Duration.between(loop.when(), now).toSeconds();
            if (age < WEEK) {
                ArrayNode stories = JSON.createArrayNode();
                // a loop that ended gave up on its failed stories: they are skipped in its PRD
                loop.stories().forEach(s -> stories.add(story(s.id(), s.title(), "pass".equals(s.result()),
                        !"pass".equals(s.result()))));
                out.add(new Key("agent-loop:prd:" + loop.id(), prd(loop.stories().get(0).title(), loop.project(),
                        stories), WEEK - age));
            }
        }
        out.add(running(now.minus(Duration.ofHours(3)), "k2m9qa", "joelclaw", "Recall preview in the brief",
                new boolean[] {true, true, false, false}));
        out.add(running(now.minus(Duration.ofMinutes(40)), "p4t7wz", "gremlin", "Retry ladder per project",
                new boolean[] {true, false, false}));
        ArrayNode pitches = JSON.createArrayNode();
        pitches.add(pitch(JSON.getNodeFactory().textNode("0183"), now.minus(Duration.ofDays(5)), "approved"));
        pitches.add(pitch(JSON.getNodeFactory().numberNode(75), now.minus(Duration.ofDays(2)), "rejected"));
        pitches.add(pitch(JSON.getNodeFactory().textNode("0205"), now.minus(Duration.ofHours(2)), "pending"));
        out.add(new Key("adr:pitch:history", pitches.toString(), 0));
        return out;
    }

    private static Key running(Instant started, String suffix, String project, String title, boolean[] passes) {
        String id = "loop-" + Long.toString(started.toEpochMilli(), 36) + "-" + suffix;
        ArrayNode stories = JSON.createArrayNode();
        for (int i = 0; i < passes.length; i++) {
            stories.add(story("S" + (i + 1), title + ", part " + (i + 1), passes[i], false));
        }
        return new Key("agent-loop:prd:" + id, prd(title, project, stories), WEEK);
    }

    private static ObjectNode story(String id, String title, boolean passes, boolean skipped) {
        ObjectNode story = JSON.createObjectNode().put("id", id).put("title", title).put("description", title + ".");
        story.putArray("acceptance_criteria").add("Tests prove it.");
        story.put("priority", Integer.parseInt(id.substring(1))).put("passes", passes);
        if (skipped) {
            story.put("skipped", true);
        }
        return story;
    }

    private static String prd(String title, String project, ArrayNode stories) {
        ObjectNode prd = JSON.createObjectNode().put("title", title);
        prd.set("stories", stories);
        return prd.put("project", project).put("workDir", "/tmp/agent-loop/" + project).toString();
    }

    private static ObjectNode pitch(JsonNode number, Instant at, String response) {
        ObjectNode pitch = JSON.createObjectNode();
        pitch.set("adr_number", number);
        // as JavaScript's toISOString() writes it: milliseconds
        return pitch.put("pitched_at", at.truncatedTo(ChronoUnit.MILLIS).toString())
                .put("response", response);
    }

    static void write(Path demoDir, List<Key> keys) throws IOException {
        DemoWorkspace.write(demoDir.resolve(FILE), JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(keys));
    }

    /** The keys of the demo's loop state ({@code state/demo-redis.json} of the demo in {@code demoDir}). */
    static List<Key> read(Path demoDir) {
        Path file = demoDir.resolve(FILE);
        try {
            return List.of(JSON.readValue(file.toFile(), Key[].class));
        } catch (IOException e) {
            throw new WorkspaceException("Cannot read the demo's loop state " + file + ": " + e.getMessage(), e);
        }
    }
}
