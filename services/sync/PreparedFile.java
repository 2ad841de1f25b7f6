package services.sync;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import services.knowledge.KnowledgeDoc;
import services.vault.FileText;
import services.vault.VaultFileException;

/** One file, read and parsed (or found unchanged, or failed), before it is merged into the run. */
record PreparedFile(VaultFiles.SourceFile file, long[] stamp, boolean unchanged, String hash,
                    List<KnowledgeDoc> docs, List<FileIssue> warnings, String error) {

    /**
     * Reads and parses {@code file} unless its size and time — or else its content hash — are those the last sync
     * recorded; the documents an operator removed are left out.
     */
    static PreparedFile prepare(VaultDocuments documents, VaultFiles.SourceFile file, SyncState.Entry previous,
                                boolean full, long now, Set<String> removed) {
        long[] stamp = VaultDocuments.stamp(file);
        // an ADR that gained or lost its number's first place (a duplicate came or went) is read again for its new id
        boolean sameIds = previous != null && (file.kind() != VaultFiles.Kind.ADR
                || previous.ids().contains(DocumentMapper.adrId(file.path().getFileName().toString(), file.firstOfNumber())));
        if (!full && sameIds && previous.size() == stamp[0] && previous.modified() == stamp[1]) {
            return new PreparedFile(file, stamp, true, previous.hash(), List.of(), List.of(), null);
        }
        try {
            FileText text = documents.read(file);
            if (!full && sameIds && previous.hash().equals(text.sha256())) {
                return new PreparedFile(file, stamp, true, previous.hash(), List.of(), List.of(), null);
            }
            List<FileIssue> warnings = new ArrayList<>();
            List<KnowledgeDoc> docs = documents.parse(file, text, now, warnings).stream()
                    .filter(d -> !removed.contains(d.id())).toList();
            String tooLong = DocumentBounds.check(docs);
            if (tooLong != null) {
                return new PreparedFile(file, stamp, false, null, List.of(), List.of(), tooLong);
            }
            return new PreparedFile(file, stamp, false, text.sha256(), docs, warnings, null);
        } catch (VaultFileException e) {
            return new PreparedFile(file, stamp, false, null, List.of(), List.of(), e.reason());
        }
    }

    /** This file with only these of its documents. */
    PreparedFile withDocs(List<KnowledgeDoc> kept) {
        return new PreparedFile(file, stamp, unchanged, hash, kept, warnings, error);
    }
}
