package services.brief;

import java.util.List;
import java.util.Map;

/** What the running loops keep in Redis (running-system.md parts 4–5), as the mise brief reads it. */
public interface LoopState extends AutoCloseable {

    /** One {@code adr:pitch:history} entry; {@code adr} padded to four digits ({@code 186} → {@code 0186}). */
    record Pitch(String adr, String pitchedAt, String response) {
    }

    /**
     * The PRD of one loop ({@code agent-loop:prd:<loopId>}): its stories passed, skipped, and pending — neither
     * passed nor skipped. A loop is running while a story is pending.
     */
    record Loop(String loopId, String title, String project, int passed, int skipped, int pending, int total) {
        public boolean running() {
            return pending > 0;
        }
    }

    /**
     * Every PRD key found: the running loops, the loops that ended, the keys that could not be read (each with the key
     * and the reason; counted in neither list), and each loop's key's real time to live in milliseconds, as Redis
     * {@code PTTL} says it ({@link #NO_EXPIRY} -1: the key never expires — every story update rewrites it with a
     * plain {@code SET}, which drops the 7-day expiry it was seeded with; absent when unknown).
     */
    record Loops(List<Loop> running, List<Loop> ended, List<String> problems, Map<String, Long> ttlMillis) {

        public Loops {
            ttlMillis = Map.copyOf(ttlMillis);
        }

        public Loops(List<Loop> running, List<Loop> ended, List<String> problems) {
            this(running, ended, problems, Map.of());
        }
    }

    /** {@code PTTL} of a key that never expires. */
    long NO_EXPIRY = -1;

    /** The keys {@code agent-loop:prd:*}, found with SCAN, each read and sorted into running and ended. */
    Loops loops();

    /** {@code adr:pitch:history}, oldest first as written; empty when absent. */
    List<Pitch> pitchHistory();

    /** {@code knowledge:watchdog:last_run} in epoch ms, or null. */
    Long lastWatchdogRun();

    @Override
    void close();
}
