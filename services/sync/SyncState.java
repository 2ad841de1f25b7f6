package services.sync;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import services.errors.ConsoleException;
import services.workspace.WorkspaceWriteLock;

/**
 * What the last sync saw, in {@code state/sync-state.json}: per source file its content hash and the ids of the
 * documents it produced, and when the sync ran. Written atomically (temp file + rename). A corrupt file means a
 * full re-sync, never a failure.
 */
final class SyncState {

    private static final Logger LOG = LoggerFactory.getLogger(SyncState.class);

    /**
     * One source file as last indexed; {@code size} and {@code modified} (epoch ms) let a re-sync skip reading it;
     * {@code warnings} are the reasons of its warnings when it was read, reported again while it is unchanged.
     */
    record Entry(String hash, List<String> ids, long size, long modified, List<String> warnings) {
        Entry {
            warnings = warnings == null ? List.of() : List.copyOf(warnings);
        }

        Entry(String hash, List<String> ids, long size, long modified) {
            this(hash, ids, size, modified, List.of());
        }

        Entry(String hash, List<String> ids) {
            this(hash, ids, -1, -1);
        }
    }

    /**
     * How the files were read. A sync state written by an older reader (its {@code readerVersion} lower, or absent)
     * makes the next sync read every file again, so what the new reader produces differently — documents it no
     * longer produces included — reaches the index without waiting for each file to change. 2: retros read as the
     * running template writes them, bold ADR metadata, duplicate ADR numbers both indexed. 3: each file's warnings
     * are kept, so an unchanged file's warnings are reported again (a state without them is read in full once).
     */
    static final int READER_VERSION = 3;

    record Data(Map<String, Entry> files, long lastSync, List<FileIssue> errors, List<FileIssue> warnings,
                int readerVersion) {
        Data {
            errors = errors == null ? List.of() : errors;
            warnings = warnings == null ? List.of() : warnings;
        }

        Data(Map<String, Entry> files, long lastSync, List<FileIssue> errors, List<FileIssue> warnings) {
            this(files, lastSync, errors, warnings, READER_VERSION);
        }

        Data(Map<String, Entry> files, long lastSync) {
            this(files, lastSync, List.of(), List.of(), READER_VERSION);
        }
    }

    private final Path file;
    // The files' paths are the keys of a map: tens of thousands of names seen once each. Jackson's name table
    // would keep every one of them (about 15 MB on a 100k-document vault) and copy its table for each new name.
    private final ObjectMapper json = new ObjectMapper(JsonFactory.builder()
            .disable(JsonFactory.Feature.CANONICALIZE_FIELD_NAMES).build());

    SyncState(Path file) {
        this.file = file;
    }

    Data load() {
        if (!Files.exists(file)) {
            return new Data(new LinkedHashMap<>(), 0);
        }
        try {
            Data data = json.readValue(file.toFile(), Data.class);
            return new Data(data.files() == null ? new LinkedHashMap<>() : new LinkedHashMap<>(data.files()),
                    data.lastSync(), data.errors(), data.warnings(), data.readerVersion());
        } catch (IOException e) {
            LOG.warn("Sync state {} is unreadable ({}); the next sync re-reads every file", file, e.getMessage());
            return new Data(new LinkedHashMap<>(), 0);
        }
    }

    void save(Data data) {
        // Another console may sync the same workspace: the write takes its turn, through a temp file of its own.
        new WorkspaceWriteLock(file.toAbsolutePath().getParent()).run("save the sync state", () -> {
            try {
                Files.createDirectories(file.getParent());
                Path tmp = file.resolveSibling(file.getFileName() + ".tmp-" + ProcessHandle.current().pid());
                json.writeValue(tmp.toFile(), data);
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                throw new ConsoleException("Cannot save the sync state " + file + ": " + e.getMessage(), e);
            }
        });
    }
}
