package services.sync;

import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import services.knowledge.KnowledgeDoc;
import services.knowledge.KnowledgeIndex;
import services.tasks.ProgressSink;
import services.vault.FileText;
import services.vault.VaultFileException;
import services.workspace.Workspace;

/** Compares the files with the index without writing anything: what is missing, stale, or orphaned. */
final class DriftCheck {

    private static final Set<String> OWNED_TYPES = Set.of("adr", "skill", "retro", "lesson", "pattern", "brain_note");

    private final Workspace workspace;
    private final KnowledgeIndex index;
    private final Clock clock;
    private final SyncState state;
    private final VaultDocuments documents;
    private final OperatorRemovals removals;
    /** The running system's index this one is (Brain pages neither expected there nor orphaned), or null. */
    private volatile String sharedIndex;

    DriftCheck(Workspace workspace, KnowledgeIndex index, Clock clock, SyncState state, VaultDocuments documents,
               OperatorRemovals removals) {
        this.workspace = workspace;
        this.index = index;
        this.clock = clock;
        this.state = state;
        this.documents = documents;
        this.removals = removals;
    }

    void withholdingBrainPagesFrom(String index) {
        this.sharedIndex = index;
    }

    DriftReport run(SyncOptions.Scope scope, ProgressSink progress) {
        SyncState.Data before = state.load();
        long now = clock.instant().getEpochSecond();
        Produced parsed = new Produced();
        Set<String> gone = removals.ids();
        Set<String> known = new HashSet<>();
        before.files().values().forEach(e -> known.addAll(e.ids()));
        Set<String> types = new HashSet<>(OWNED_TYPES);
        types.add("failed_target");
        if (sharedIndex == null) {
            types.addAll(List.of("brain_page", "decision")); // the console's own index holds the Brain pages
        }
        Set<String> indexed = index.ids(types);
        List<String> missing = new ArrayList<>();
        List<String> stale = new ArrayList<>();
        List<VaultFiles.SourceFile> files = VaultFiles.list(workspace, scope);
        for (int i = 0; i < files.size(); i++) {
            progress.checkCancelled();
            VaultFiles.SourceFile file = files.get(i);
            progress.update((double) i / files.size(), file.display());
            try {
                FileText text = documents.read(file);
                List<KnowledgeDoc> docs = documents.parse(file, text, now, parsed.warnings).stream()
                        .filter(d -> !gone.contains(d.id())).toList();
                String duplicate = parsed.duplicate(docs, file.display());
                if (duplicate != null) {
                    throw new VaultFileException(duplicate);
                }
                List<String> ids = docs.stream().map(KnowledgeDoc::id).toList();
                parsed.claim(ids, file.display());
                if (sharedIndex != null && file.kind() == VaultFiles.Kind.BRAIN_PAGE) {
                    continue; // checked, never written there: not missing, not stale
                }
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
}
