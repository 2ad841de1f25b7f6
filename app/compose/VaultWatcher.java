package app.compose;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.List;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import services.workspace.Workspace;

/**
 * Watches the folders the sync reads (ADRs, retros, brain notes, skill proposals, each skill's folder) and tells
 * {@code onChange} when a file in them changes; the scheduler syncs after the quiet period. A daemon thread.
 */
public final class VaultWatcher implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(VaultWatcher.class);

    private final WatchService watch;
    private final Thread thread;

    public VaultWatcher(Workspace ws, Runnable onChange) throws IOException {
        this.watch = FileSystems.getDefault().newWatchService();
        for (Path dir : List.of(ws.adrDir(), ws.retrosDir(), ws.brainNotesDir(), ws.skillProposalsDir(), ws.skillsDir())) {
            register(dir);
        }
        if (Files.isDirectory(ws.skillsDir())) {
            try (Stream<Path> skills = Files.list(ws.skillsDir())) {
                for (Path skill : skills.filter(Files::isDirectory).toList()) {
                    register(skill);
                }
            }
        }
        this.thread = new Thread(() -> loop(ws, onChange), "bc-vault-watch");
        thread.setDaemon(true);
        thread.start();
    }

    private void register(Path dir) throws IOException {
        if (Files.isDirectory(dir)) {
            dir.register(watch, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_MODIFY,
                    StandardWatchEventKinds.ENTRY_DELETE);
        }
    }

    private void loop(Workspace ws, Runnable onChange) {
        try {
            while (true) {
                WatchKey key = watch.take();
                Path dir = (Path) key.watchable();
                key.pollEvents().forEach(e -> {
                    if (e.context() instanceof Path name && dir.equals(ws.skillsDir())) {
                        try {
                            register(dir.resolve(name)); // a new skill's folder
                        } catch (IOException ignored) {
                            // not a folder, or gone already
                        }
                    }
                });
                key.reset();
                onChange.run();
            }
        } catch (InterruptedException | ClosedWatchServiceException e) {
            LOG.debug("Vault watch stopped");
        }
    }

    @Override
    public void close() {
        try {
            watch.close();
        } catch (IOException e) {
            LOG.debug("Closing the vault watch: {}", e.getMessage());
        }
    }
}
