package services.brief;

import java.util.List;

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
     * Every PRD key found: the running loops, the loops that ended (their keys live 7 days after the end), and the
     * keys that could not be read (each with the key and the reason; counted in neither list).
     */
    record Loops(List<Loop> running, List<Loop> ended, List<String> problems) {
    }

    /** The keys {@code agent-loop:prd:*}, found with SCAN, each read and sorted into running and ended. */
    Loops loops();

    /** {@code adr:pitch:history}, oldest first as written; empty when absent. */
    List<Pitch> pitchHistory();

    /** {@code knowledge:watchdog:last_run} in epoch ms, or null. */
    Long lastWatchdogRun();

    @Override
    void close();
}
