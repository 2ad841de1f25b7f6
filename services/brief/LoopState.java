package services.brief;

import java.util.List;

/** What the running loops keep in Redis (formats.md part 9), as the mise brief reads it. */
public interface LoopState extends AutoCloseable {

    record Pitch(String adr, String pitchedAt, String response) {
    }

    /** Ids of active loops: keys {@code agent-loop:prd:<loopId>}, found with SCAN. */
    List<String> activeLoops();

    /** {@code adr:pitch:history}, newest last; empty when absent. */
    List<Pitch> pitchHistory();

    /** {@code knowledge:watchdog:last_run} in epoch ms, or null. */
    Long lastWatchdogRun();

    @Override
    void close();
}
