package services.sync;

import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import services.knowledge.DocumentsRejected;
import services.knowledge.KnowledgeDoc;
import services.knowledge.KnowledgeIndex;
import services.tasks.Lanes;
import services.tasks.ProgressSink;
import services.tasks.TaskCancelledException;
import services.workspace.Workspace;

/**
 * One sync run: files read in parallel chunks and merged in file order, documents written in batches, the
 * documents of files that are gone deleted, and the sync state saved — also when the run is cancelled, keeping
 * what was written so far.
 */
final class IncrementalSync {

    private static final int BATCH = 1_000;
    private static final int CHUNK = 256;

    private final Workspace workspace;
    private final KnowledgeIndex index;
    private final Clock clock;
    private final SyncState state;
    private final VaultDocuments documents;
    private final OperatorRemovals removals;
    /** Where the files of a chunk are read, hashed and parsed (given by the composition root; else one by one). */
    private volatile Lanes lanes = Lanes.ONE_BY_ONE;
    /** The running system's index this one is (Brain pages read and checked, never written), or null. */
    private volatile String sharedIndex;

    IncrementalSync(Workspace workspace, KnowledgeIndex index, Clock clock, SyncState state, VaultDocuments documents,
                    OperatorRemovals removals) {
        this.workspace = workspace;
        this.index = index;
        this.clock = clock;
        this.state = state;
        this.documents = documents;
        this.removals = removals;
    }

    void preparingIn(Lanes files) {
        this.lanes = Objects.requireNonNull(files);
    }

    void withholdingBrainPagesFrom(String index) {
        this.sharedIndex = Objects.requireNonNull(index);
    }

    /** A Brain page this run reads and checks but neither writes nor deletes: the index is the running system's. */
    private boolean withheld(VaultFiles.SourceFile file) {
        return sharedIndex != null && file.kind() == VaultFiles.Kind.BRAIN_PAGE;
    }

    SyncResult run(SyncOptions options, ProgressSink progress) {
        long started = System.currentTimeMillis();
        long now = clock.instant().getEpochSecond();
        SyncState.Data before = state.load();
        // an empty index, or files last read by an older reader: every file is read again
        boolean full = index.status().documents() == 0 || before.readerVersion() < SyncState.READER_VERSION;
        Map<String, SyncState.Entry> after = new LinkedHashMap<>(before.files());
        Produced parsed = new Produced();
        List<VaultFiles.SourceFile> files = VaultFiles.list(workspace, options.scope());
        // refuses before any write
        parsed.warnings.addAll(SyncGuard.check(workspace, options, before, files, sharedIndex != null));
        int restored = options.scope() == SyncOptions.Scope.ALL
                ? TurnNoteRestore.run(workspace, index, full, parsed.warnings) : 0;
        Set<String> removed = removals.ids();
        List<KnowledgeDoc> batch = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        int[] counts = {restored, 0, 0, 0, 0}; // indexed, unchanged, changed files, withheld pages (read, fine)
        try {
            for (int from = 0; from < files.size(); from += CHUNK) {
                progress.checkCancelled();
                List<VaultFiles.SourceFile> chunk = files.subList(from, Math.min(files.size(), from + CHUNK));
                // Reading, hashing and parsing run in parallel; merging stays in file order, so the first file
                // (by name) wins a duplicate id whatever the timing.
                // a withheld Brain page is read and checked every time: its state entry is not this index's
                List<PreparedFile> prepared = lanes.map(chunk, file -> withheld(file)
                        ? PreparedFile.prepare(documents, file, null, true, now, Set.of())
                        : PreparedFile.prepare(documents, file, before.files().get(file.source()), full, now, removed));
                for (int i = 0; i < prepared.size(); i++) {
                    PreparedFile one = prepared.get(i);
                    progress.update((double) (from + i) / files.size(), one.file().display());
                    progress.checkCancelled();
                    seen.add(one.file().source());
                    if (withheld(one.file())) {
                        check(one, parsed, counts);
                        continue;
                    }
                    merge(one, before.files().get(one.file().source()), after, parsed, batch, counts, removed);
                    if (batch.size() >= BATCH) {
                        write(batch, after, parsed, counts);
                        batch.clear();
                    }
                }
            }
        } catch (TaskCancelledException cancelled) {
            write(batch, after, parsed, counts);
            removals.keep(removed);
            index.flush();
            state.save(new SyncState.Data(after, before.lastSync(), before.errors(), before.warnings(),
                    before.readerVersion()));
            throw cancelled;
        }
        write(batch, after, parsed, counts);
        removals.keep(removed);
        int deleted = deleteGone(before, after, seen, parsed, options.scope());
        index.flush();
        state.save(new SyncState.Data(after, now, parsed.errors, parsed.warnings));
        progress.update(1, "done");
        return new SyncResult(counts[0], counts[1], deleted, counts[2], files.size() - counts[2] - counts[3]
                - parsed.errors.size(), parsed.errors, parsed.warnings, System.currentTimeMillis() - started,
                counts[4] == 0 ? null : SyncResult.BrainPagesWithheld.of(counts[4], sharedIndex));
    }

    /**
     * A Brain page on an index shared with the running system: its problems are reported as on any index, its
     * documents written nowhere, and its state entry (what an embedded index of this workspace holds) kept as it was.
     */
    private static void check(PreparedFile one, Produced parsed, int[] counts) {
        counts[4]++;
        String display = one.file().display();
        String error = one.error() != null ? one.error() : parsed.duplicate(one.docs(), display);
        if (error != null) {
            parsed.errors.add(new FileIssue(display, error));
            return;
        }
        parsed.warnings.addAll(one.warnings());
        parsed.claim(one.docs().stream().map(KnowledgeDoc::id).toList(), display);
        counts[3]++;
    }

    /**
     * Writes a batch. A document the index rejects (Typesense answers per document) becomes an error of its file,
     * and that file is read again by the next sync; the rest of the batch landed.
     */
    private void write(List<KnowledgeDoc> batch, Map<String, SyncState.Entry> after, Produced parsed, int[] counts) {
        try {
            index.upsert(batch);
            counts[0] += batch.size();
        } catch (DocumentsRejected rejected) {
            counts[0] += batch.size() - rejected.reasons().size();
            rejected.reasons().forEach((id, reason) -> {
                parsed.errors.add(new FileIssue(parsed.owner.getOrDefault(id, id), "document " + id
                        + " was rejected by the index: " + reason));
                after.replaceAll((source, entry) -> entry.ids().contains(id) ? new SyncState.Entry("", entry.ids())
                        : entry);
            });
        }
    }

    private static void merge(PreparedFile one, SyncState.Entry previous, Map<String, SyncState.Entry> after,
                              Produced parsed, List<KnowledgeDoc> batch, int[] counts, Set<String> removed) {
        String display = one.file().display();
        if (one.unchanged()) {
            // a file skipped as unchanged still has the warnings it had when it was read: report them again
            previous.warnings().forEach(w -> parsed.warnings.add(new FileIssue(display, w)));
            after.put(one.file().source(), new SyncState.Entry(one.hash(), previous.ids(), one.stamp()[0], one.stamp()[1],
                    previous.warnings()));
            // its documents still in the index: not those an operator cleared or pruned since it was read
            counts[1] += (int) previous.ids().stream().filter(id -> !removed.contains(id)).count();
            parsed.claim(previous.ids(), display);
            return;
        }
        String error = one.error() != null ? one.error() : parsed.duplicate(one.docs(), display);
        if (error != null) {
            parsed.errors.add(new FileIssue(display, error));
            if (previous != null) {
                parsed.claim(previous.ids(), display); // nothing lost: its earlier documents stay
            }
            return;
        }
        parsed.warnings.addAll(one.warnings());
        List<String> ids = one.docs().stream().map(KnowledgeDoc::id).toList();
        parsed.claim(ids, display);
        batch.addAll(one.docs());
        after.put(one.file().source(), new SyncState.Entry(one.hash(), ids, one.stamp()[0], one.stamp()[1],
                one.warnings().stream().map(FileIssue::reason).toList()));
        counts[2]++;
    }

    /** Deletes the documents of files that are gone, and documents a changed file no longer produces. */
    private int deleteGone(SyncState.Data before, Map<String, SyncState.Entry> after, Set<String> seen, Produced parsed,
                           SyncOptions.Scope scope) {
        Set<String> stale = new HashSet<>();
        for (Map.Entry<String, SyncState.Entry> old : before.files().entrySet()) {
            if (!VaultFiles.inScope(old.getKey(), scope) || sharedIndex != null && BrainFiles.isPage(old.getKey())) {
                continue; // a Brain page's documents are never deleted from the running system's index
            }
            if (!seen.contains(old.getKey())) {
                after.remove(old.getKey());
            }
            stale.addAll(old.getValue().ids());
        }
        stale.removeAll(parsed.owner.keySet());
        return index.delete(stale);
    }
}
