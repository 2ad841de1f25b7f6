package services.watchdog;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** Check 7 (ADR-0199's revisit trigger): more than {@code brainNotesLimit} (100) brain notes → consolidation due. */
public final class BrainNotesCheck implements WatchdogCheck {

    @Override
    public String name() {
        return "brain-notes";
    }

    @Override
    public CheckResult run(WatchdogRun run) {
        Path dir = run.workspace.brainNotesDir();
        long notes;
        if (!Files.isDirectory(dir)) {
            notes = 0;
        } else {
            try (Stream<Path> s = Files.list(dir)) {
                notes = s.filter(p -> p.getFileName().toString().endsWith(".md")).count();
            } catch (IOException e) {
                return CheckResult.of(Finding.of(name(), Severity.WARNING, "Cannot list the brain notes in " + dir + ": "
                        + e.getMessage(), Finding.ordered()));
            }
        }
        int limit = run.settings.brainNotesLimit();
        Map<String, Object> figures = Finding.ordered("notes", notes, "limit", limit);
        Finding finding = notes > limit
                ? new Finding(name(), Severity.WARNING, notes + " brain notes (over " + limit
                        + "): consolidation (meditate) is due", figures, List.of("file:" + dir))
                : Finding.of(name(), Severity.OK, notes + " brain notes (limit " + limit + ")", figures);
        return CheckResult.of(finding).withStats("brain_notes", notes);
    }
}
