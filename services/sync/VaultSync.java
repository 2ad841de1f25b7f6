package services.sync;

import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import services.knowledge.KnowledgeDoc;
import services.knowledge.KnowledgeIndex;
import services.tasks.ProgressSink;
import services.tasks.TaskCancelledException;
import services.vault.AdrParser;
import services.vault.FileText;
import services.vault.RetroParser;
import services.vault.SkillParser;
import services.vault.VaultFileException;
import services.workspace.Workspace;

/**
 * Syncs the Vault's ADRs, retros and brain notes and the skills repo into the knowledge index. Incremental: a
 * file whose content hash has not changed is skipped; a deleted file's documents are deleted; a renamed file's
 * documents move with it. One bad file never stops the run: it is reported with its path and reason, and the
 * documents it produced before are kept. Cancelling keeps what was written so far.
 */
public final class VaultSync {

    private static final int BATCH = 1_000;
    private static final int CHUNK = 256;
    private static final Set<String> OWNED_TYPES = Set.of("adr", "skill", "retro", "lesson", "pattern", "brain_note");

    private final Workspace workspace;
    private final KnowledgeIndex index;
    private final Clock clock;
    private final SyncState state;
    private final DocumentMapper mapper = new DocumentMapper();
    private final AdrParser adrs = new AdrParser();
    private final SkillParser skills = new SkillParser();
    private final RetroParser retros = new RetroParser();
    private final long sizeLimit;
    private final services.telemetry.Telemetry telemetry;
    /** Where the files of a chunk are read, hashed and parsed (given by the composition root; else one by one). */
    private volatile services.tasks.Lanes lanes = services.tasks.Lanes.ONE_BY_ONE;

    public VaultSync(Workspace workspace, KnowledgeIndex index, Clock clock) {
        this(workspace, index, clock, FileText.DEFAULT_LIMIT);
    }

    public VaultSync(Workspace workspace, KnowledgeIndex index, Clock clock, long sizeLimit) {
        this(workspace, index, clock, sizeLimit, services.telemetry.Telemetry.noop());
    }

    public VaultSync(Workspace workspace, KnowledgeIndex index, Clock clock, long sizeLimit,
                     services.telemetry.Telemetry telemetry) {
        this.telemetry = telemetry;
        this.workspace = workspace;
        this.index = index;
        this.clock = clock;
        this.state = new SyncState(workspace.stateDir().resolve("sync-state.json"));
        this.sizeLimit = sizeLimit;
    }

    /** Reads, hashes and parses the files of each chunk side by side in {@code files}. Returns this sync. */
    public VaultSync preparingIn(services.tasks.Lanes files) {
        this.lanes = java.util.Objects.requireNonNull(files);
        return this;
    }

    /**
     * Checks, without reading a file or writing anything, that a sync with these options would not be refused (a
     * missing or empty root, a mass deletion): {@code sync --rebuild} checks before it moves the index aside.
     */
    public static void check(Workspace workspace, SyncOptions options) {
        SyncGuard.check(workspace, options, new SyncState(workspace.stateDir().resolve("sync-state.json")).load(),
                VaultFiles.list(workspace, options.scope()));
    }

    /** {@link #check(Workspace, SyncOptions)} for this sync's workspace: call it before emptying the index. */
    public void check(SyncOptions options) {
        check(workspace, options);
    }

    /** When the last sync finished (epoch seconds), or 0. */
    public long lastSync() {
        return state.load().lastSync();
    }

    /** The files the last completed sync could not use, and its warnings. */
    public List<FileIssue> lastIssues(boolean errors) {
        SyncState.Data data = state.load();
        return errors ? data.errors() : data.warnings();
    }

    /** Runs a sync; a second caller waits for the running one to finish (the window, the scheduler and the watchdog share one). */
    public synchronized SyncResult run(SyncOptions options, ProgressSink progress) {
        return telemetry.traced("sync", io.opentelemetry.api.common.Attributes.of(services.telemetry.Telemetry.KIND,
                options.scope().name().toLowerCase()), () -> runUntraced(options, progress), result -> {
            telemetry.indexed(result.indexed(), result.millis());
            return io.opentelemetry.api.common.Attributes.builder().put("brainconsole.indexed", result.indexed())
                    .put("brainconsole.unchanged", result.unchanged()).put("brainconsole.deleted", result.deleted())
                    .put("brainconsole.errors", result.errors().size()).build();
        });
    }

    private SyncResult runUntraced(SyncOptions options, ProgressSink progress) {
        long started = System.currentTimeMillis();
        long now = clock.instant().getEpochSecond();
        SyncState.Data before = state.load();
        // an empty index, or files last read by an older reader: every file is read again
        boolean full = index.status().documents() == 0 || before.readerVersion() < SyncState.READER_VERSION;
        Map<String, SyncState.Entry> after = new LinkedHashMap<>(before.files());
        Parsed parsed = new Parsed();
        List<VaultFiles.SourceFile> files = VaultFiles.list(workspace, options.scope());
        parsed.warnings.addAll(SyncGuard.check(workspace, options, before, files)); // refuses before any write
        int restored = options.scope() == SyncOptions.Scope.ALL
                ? TurnNoteRestore.run(workspace, index, full, parsed.warnings) : 0;
        Set<String> removed = removedByOperators();
        List<KnowledgeDoc> batch = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        int[] counts = {restored, 0, 0}; // indexed, unchanged, changed files
        try {
            for (int from = 0; from < files.size(); from += CHUNK) {
                progress.checkCancelled();
                List<VaultFiles.SourceFile> chunk = files.subList(from, Math.min(files.size(), from + CHUNK));
                // Reading, hashing and parsing run in parallel; merging stays in file order, so the first file
                // (by name) wins a duplicate id whatever the timing.
                List<Prepared> prepared = lanes.map(chunk,
                        file -> prepare(file, before.files().get(file.source()), full, now, removed));
                for (int i = 0; i < prepared.size(); i++) {
                    Prepared one = prepared.get(i);
                    progress.update((double) (from + i) / files.size(), one.file().display());
                    progress.checkCancelled();
                    seen.add(one.file().source());
                    merge(one, before.files().get(one.file().source()), after, parsed, batch, counts);
                    if (batch.size() >= BATCH) {
                        write(batch, after, parsed, counts);
                        batch.clear();
                    }
                }
            }
        } catch (TaskCancelledException cancelled) {
            write(batch, after, parsed, counts);
            keepRemoved(removed);
            index.flush();
            state.save(new SyncState.Data(after, before.lastSync(), before.errors(), before.warnings(),
                    before.readerVersion()));
            throw cancelled;
        }
        write(batch, after, parsed, counts);
        keepRemoved(removed);
        int deleted = deleteGone(before, after, seen, parsed, options.scope());
        index.flush();
        state.save(new SyncState.Data(after, now, parsed.errors, parsed.warnings));
        progress.update(1, "done");
        return new SyncResult(counts[0], counts[1], deleted, counts[2], files.size() - counts[2]
                - parsed.errors.size(), parsed.errors, parsed.warnings, System.currentTimeMillis() - started);
    }

    /**
     * A clear or prune that happened while this sync ran (the watchdog's prune, an operator in another window) may
     * have removed documents this sync had already read from their retros and then wrote back: they are removed
     * again, under the decision lock, so what an operator removed stays removed whatever the timing.
     */
    private void keepRemoved(Set<String> removedAtStart) {
        new services.audit.DecisionLock(workspace.stateDir()).run(() -> {
            Set<String> late = removedByOperators();
            late.removeAll(removedAtStart);
            if (!late.isEmpty()) {
                index.delete(late);
            }
            return null;
        });
    }

    /**
     * Failed targets an operator cleared or pruned (their ids are in the decision log) stay gone: the retro that
     * names them is not re-read into them.
     */
    private Set<String> removedByOperators() {
        Set<String> ids = new HashSet<>();
        for (var entry : new services.audit.DecisionLog(workspace.stateDir().resolve("decisions.jsonl")).read().entries()) {
            if (entry.path("action").asText().endsWith("_failed")) {
                entry.path("docIds").forEach(id -> ids.add(id.asText()));
            }
        }
        return ids;
    }

    /** One file, read and parsed (or found unchanged, or failed), before it is merged into the run. */
    private record Prepared(VaultFiles.SourceFile file, long[] stamp, boolean unchanged, String hash,
                            List<KnowledgeDoc> docs, List<FileIssue> warnings, String error) {
    }

    private Prepared prepare(VaultFiles.SourceFile file, SyncState.Entry previous, boolean full, long now,
                             Set<String> removed) {
        long[] stamp = stamp(file);
        // an ADR that gained or lost its number's first place (a duplicate came or went) is read again for its new id
        boolean sameIds = previous != null && (file.kind() != VaultFiles.Kind.ADR
                || previous.ids().contains(DocumentMapper.adrId(file.path().getFileName().toString(), file.firstOfNumber())));
        if (!full && sameIds && previous.size() == stamp[0] && previous.modified() == stamp[1]) {
            return new Prepared(file, stamp, true, previous.hash(), List.of(), List.of(), null);
        }
        try {
            FileText text = read(file);
            if (!full && sameIds && previous.hash().equals(text.sha256())) {
                return new Prepared(file, stamp, true, previous.hash(), List.of(), List.of(), null);
            }
            List<FileIssue> warnings = new ArrayList<>();
            List<KnowledgeDoc> docs = parse(file, text, now, warnings).stream()
                    .filter(d -> !removed.contains(d.id())).toList();
            String tooLong = DocumentBounds.check(docs);
            if (tooLong != null) {
                return new Prepared(file, stamp, false, null, List.of(), List.of(), tooLong);
            }
            return new Prepared(file, stamp, false, text.sha256(), docs, warnings, null);
        } catch (VaultFileException e) {
            return new Prepared(file, stamp, false, null, List.of(), List.of(), e.reason());
        }
    }

    /**
     * Writes a batch. A document the index rejects (Typesense answers per document) becomes an error of its file,
     * and that file is read again by the next sync; the rest of the batch landed.
     */
    private void write(List<KnowledgeDoc> batch, Map<String, SyncState.Entry> after, Parsed parsed, int[] counts) {
        try {
            index.upsert(batch);
            counts[0] += batch.size();
        } catch (services.knowledge.DocumentsRejected rejected) {
            counts[0] += batch.size() - rejected.reasons().size();
            rejected.reasons().forEach((id, reason) -> {
                parsed.errors.add(new FileIssue(parsed.owner.getOrDefault(id, id), "document " + id
                        + " was rejected by the index: " + reason));
                after.replaceAll((source, entry) -> entry.ids().contains(id) ? new SyncState.Entry("", entry.ids())
                        : entry);
            });
        }
    }

    private void merge(Prepared one, SyncState.Entry previous, Map<String, SyncState.Entry> after, Parsed parsed,
                       List<KnowledgeDoc> batch, int[] counts) {
        String display = one.file().display();
        if (one.unchanged()) {
            // a file skipped as unchanged still has the warnings it had when it was read: report them again
            previous.warnings().forEach(w -> parsed.warnings.add(new FileIssue(display, w)));
            after.put(one.file().source(), new SyncState.Entry(one.hash(), previous.ids(), one.stamp()[0], one.stamp()[1],
                    previous.warnings()));
            counts[1] += previous.ids().size();
            parsed.claim(previous.ids(), display);
            return;
        }
        String error = one.error() != null ? one.error() : duplicate(one.docs(), display, parsed);
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

    private static String duplicate(List<KnowledgeDoc> docs, String display, Parsed parsed) {
        for (KnowledgeDoc doc : docs) {
            String other = parsed.owner.get(doc.id());
            if (other != null && !other.equals(display)) {
                return duplicateReason(doc.id(), other);
            }
        }
        return null;
    }

    /** Deletes the documents of files that are gone, and documents a changed file no longer produces. */
    private int deleteGone(SyncState.Data before, Map<String, SyncState.Entry> after, Set<String> seen, Parsed parsed,
                           SyncOptions.Scope scope) {
        Set<String> stale = new HashSet<>();
        for (Map.Entry<String, SyncState.Entry> old : before.files().entrySet()) {
            if (!VaultFiles.inScope(old.getKey(), scope)) {
                continue;
            }
            if (!seen.contains(old.getKey())) {
                after.remove(old.getKey());
            }
            stale.addAll(old.getValue().ids());
        }
        stale.removeAll(parsed.owner.keySet());
        return index.delete(stale);
    }

    /** Compares files with the index without writing anything. */
    public DriftReport drift(SyncOptions.Scope scope, ProgressSink progress) {
        SyncState.Data before = state.load();
        long now = clock.instant().getEpochSecond();
        Parsed parsed = new Parsed();
        Set<String> gone = removedByOperators();
        Set<String> known = new HashSet<>();
        before.files().values().forEach(e -> known.addAll(e.ids()));
        Set<String> types = new HashSet<>(OWNED_TYPES);
        types.add("failed_target");
        Set<String> indexed = index.ids(types);
        List<String> missing = new ArrayList<>();
        List<String> stale = new ArrayList<>();
        List<VaultFiles.SourceFile> files = VaultFiles.list(workspace, scope);
        for (int i = 0; i < files.size(); i++) {
            progress.checkCancelled();
            VaultFiles.SourceFile file = files.get(i);
            progress.update((double) i / files.size(), file.display());
            try {
                FileText text = read(file);
                List<KnowledgeDoc> docs = parse(file, text, now, parsed.warnings).stream()
                        .filter(d -> !gone.contains(d.id())).toList();
                String duplicate = duplicate(docs, file.display(), parsed);
                if (duplicate != null) {
                    throw new VaultFileException(duplicate);
                }
                List<String> ids = docs.stream().map(KnowledgeDoc::id).toList();
                parsed.claim(ids, file.display());
                ids.stream().filter(id -> !indexed.contains(id) && !missing.contains(id)).forEach(missing::add);
                SyncState.Entry previous = before.files().get(file.source());
                boolean anyIndexed = ids.stream().anyMatch(indexed::contains);
                if (anyIndexed && (previous == null || !previous.hash().equals(text.sha256()))) {
                    stale.add(file.display());
                }
            } catch (VaultFileException e) {
                parsed.errors.add(new FileIssue(file.display(), e.reason()));
            }
        }
        // failed_target docs are also written by the running system: only those a sync wrote can be orphans.
        List<String> orphaned = indexed.stream().filter(id -> !parsed.owner.containsKey(id))
                .filter(id -> !id.startsWith("failed_target:") || known.contains(id))
                .filter(id -> scope == SyncOptions.Scope.ALL || id.startsWith(scope == SyncOptions.Scope.ADRS ? "adr:" : "skill:"))
                .sorted().toList();
        return new DriftReport(missing, stale, orphaned, parsed.errors);
    }

    /** Size and modification time (ms) of a file, or -1s when it cannot be read (then it is read and reported). */
    private static long[] stamp(VaultFiles.SourceFile file) {
        try {
            java.nio.file.attribute.BasicFileAttributes attrs = java.nio.file.Files.readAttributes(file.path(),
                    java.nio.file.attribute.BasicFileAttributes.class);
            return new long[] {attrs.size(), attrs.lastModifiedTime().toMillis()};
        } catch (java.io.IOException e) {
            return new long[] {-1, -1};
        }
    }

    private FileText read(VaultFiles.SourceFile file) {
        if (file.kind() == VaultFiles.Kind.SKILL_DIR_WITHOUT_FILE) {
            throw new VaultFileException("skill folder has no SKILL.md; not indexed");
        }
        if (file.kind() == VaultFiles.Kind.DANGLING_SYMLINK) {
            String why = FileText.danglingSymlink(file.path());
            throw new VaultFileException(why != null ? why : "a symlink whose target does not exist; not indexed");
        }
        return FileText.read(file.path(), sizeLimit, root(file));
    }

    /**
     * A symbolic link may point anywhere: what a vault file reaches must lie inside the vault. The running system
     * links skill folders of other repositories into {@code skills/}, so a skill may live elsewhere, but only as a
     * file named SKILL.md.
     */
    private java.nio.file.Path root(VaultFiles.SourceFile file) {
        if (file.kind() != VaultFiles.Kind.SKILL) {
            return workspace.vault();
        }
        try {
            java.nio.file.Path real = file.path().toRealPath();
            return real.getFileName().toString().equals("SKILL.md") ? null : workspace.skillsRepo();
        } catch (java.io.IOException e) {
            return workspace.skillsRepo(); // the read reports why
        }
    }

    private List<KnowledgeDoc> parse(VaultFiles.SourceFile file, FileText text, long now, List<FileIssue> warnings) {
        String name = file.path().getFileName().toString();
        List<KnowledgeDoc> docs = switch (file.kind()) {
            case ADR -> {
                AdrParser.Adr adr = adrs.parse(name, text.text());
                if (!adr.statusKnown()) {
                    warnings.add(new FileIssue(file.display(), "unknown status \"" + adr.status()
                            + "\" (kept as it is)"));
                }
                if (file.firstOfNumber() != null) {
                    warnings.add(new FileIssue(file.display(), "duplicate ADR number " + adr.number() + " (also used by "
                            + file.firstOfNumber() + ", which keeps adr:" + adr.number() + "): indexed as "
                            + DocumentMapper.adrId(name, file.firstOfNumber())));
                }
                yield mapper.adr(adr, name, file.firstOfNumber(), now);
            }
            case SKILL -> mapper.skill(skills.parse(file.path().getParent().getFileName().toString(), text.text()),
                    file.path().getParent().getFileName().toString(), now);
            case RETRO -> mapper.retro(retros.parseRetro(stem(name), text.text()), now);
            case BRAIN_NOTE -> mapper.brainNote(retros.parseBrainNote(stem(name), text.text()), now);
            case SKILL_DIR_WITHOUT_FILE, DANGLING_SYMLINK -> throw new VaultFileException("not a readable file; not indexed");
        };
        return docs;
    }

    private static String duplicateReason(String id, String other) {
        if (id.startsWith("adr:")) {
            return "duplicate ADR number " + id.substring(4) + " (already used by " + other + "); not indexed";
        }
        return "document id " + id + " is already produced by " + other + "; not indexed";
    }

    private static String stem(String name) {
        return name.endsWith(".md") ? name.substring(0, name.length() - 3) : name;
    }

    /** What this run has produced so far: which file owns each id, and the problems met. */
    private static final class Parsed {
        final Map<String, String> owner = new HashMap<>();
        final List<FileIssue> errors = new ArrayList<>();
        final List<FileIssue> warnings = new ArrayList<>();

        void claim(List<String> ids, String file) {
            ids.forEach(id -> owner.putIfAbsent(id, file));
        }
    }
}
