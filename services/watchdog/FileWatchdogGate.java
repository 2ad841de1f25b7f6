package services.watchdog;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import services.errors.ConsoleException;

/** The gate of a workspace without Redis: {@code state/watchdog-last-run}, holding epoch milliseconds. */
public final class FileWatchdogGate implements WatchdogGate {

    private final Path file;

    public FileWatchdogGate(Path stateDir) {
        this.file = stateDir.resolve("watchdog-last-run");
    }

    @Override
    public Long lastRun() {
        try {
            return Files.exists(file) ? RedisWatchdogGate.parse(Files.readString(file, StandardCharsets.UTF_8)) : null;
        } catch (IOException e) {
            return null;
        }
    }

    @Override
    public void record(long epochMillis) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, Long.toString(epochMillis), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ConsoleException("Cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    @Override
    public String describe() {
        return file.toString();
    }
}
