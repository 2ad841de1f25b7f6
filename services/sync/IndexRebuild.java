package services.sync;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import services.errors.ConsoleException;
import services.knowledge.LuceneWriterCheck;
import services.workspace.Workspace;
import services.workspace.WorkspaceWriteLock;

/**
 * The first step of {@code sync --rebuild}: the embedded index (damaged, or simply to be rebuilt) is moved aside —
 * never deleted — so the next sync starts from an empty index and reads everything again from the sources (the
 * vault, the skills repo and the turn-note log). It takes its turn with every other writer under the workspace's
 * write lock; consoles that only read the index keep their snapshot and pick up the rebuilt index when it commits.
 */
public final class IndexRebuild {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

    private IndexRebuild() {
    }

    /**
     * Moves the workspace's embedded index folder aside (the caller checks that its backend is embedded).
     *
     * @return where the old index now is, or null when there was none
     */
    public static Path moveAside(Workspace ws, Clock clock) {
        Path index = ws.indexDir();
        if (!Files.exists(index)) {
            return null;
        }
        Path aside = ws.stateDir().resolve("index.damaged-" + STAMP.format(clock.instant()));
        return new WorkspaceWriteLock(ws.stateDir()).run("move the knowledge index aside for a rebuild",
                () -> moveAside(index, aside, ws));
    }

    private static Path moveAside(Path index, Path aside, Workspace ws) {
        LuceneWriterCheck.ensureNoOtherWriter(index);
        try {
            Files.move(index, aside, StandardCopyOption.ATOMIC_MOVE);
            Files.deleteIfExists(ws.stateDir().resolve("embeddings").resolve("backfill.json"));
        } catch (IOException e) {
            throw new ConsoleException("Cannot move the knowledge index " + index + " aside to " + aside + ": "
                    + e.getMessage() + ". Nothing was changed.", e);
        }
        return aside;
    }
}
