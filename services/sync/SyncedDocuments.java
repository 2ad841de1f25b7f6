package services.sync;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import services.knowledge.KnowledgeDoc;
import services.vault.SkillParser;
import services.vault.VaultFileException;
import services.workspace.Workspace;

/**
 * The documents a sync would write for one file of the skills repository with a given text — the same mapping as
 * {@link VaultSync} ({@code skills/<name>/SKILL.md} becomes {@code skill:<name>}) — without reading or writing
 * anything: what a proposal's change would do to the index once synced.
 */
public final class SyncedDocuments {

    /**
     * @param upserts the documents written (replacing those of the same id)
     * @param deleted ids removed
     * @param note    why nothing changes, or what the sync would report; null when the documents simply change
     */
    public record Change(List<KnowledgeDoc> upserts, List<String> deleted, String note) {
        public Change {
            upserts = List.copyOf(upserts);
            deleted = List.copyOf(deleted);
        }

        public boolean none() {
            return upserts.isEmpty() && deleted.isEmpty();
        }

        public List<String> ids() {
            List<String> out = new ArrayList<>(upserts.stream().map(KnowledgeDoc::id).toList());
            out.addAll(deleted);
            return out;
        }
    }

    private SyncedDocuments() {
    }

    /**
     * @param repo   {@code skills} or {@code behaviour} (a proposal's {@code repo})
     * @param target the file's path inside that repository
     * @param text   the file's text after the change
     * @param now    the sync's time (epoch seconds): a skill's {@code created_at}
     */
    public static Change of(Workspace ws, String repo, String target, String text, long now) {
        String name = skillName(ws, repo, target);
        if (name == null) {
            return new Change(List.of(), List.of(), "a sync does not index " + target + " of the " + repo
                    + " repository (it reads skills/<name>/SKILL.md of the skills repository): no document changes");
        }
        try {
            List<KnowledgeDoc> docs = new DocumentMapper().skill(new SkillParser().parse(name, text), name, now);
            String tooLong = DocumentBounds.check(docs);
            if (tooLong != null) {
                return new Change(List.of(), List.of(), "a sync would refuse skills/" + name + "/SKILL.md (" + tooLong
                        + "): skill:" + name + " would stay as indexed");
            }
            return new Change(docs, List.of(), null);
        } catch (VaultFileException e) {
            return new Change(List.of(), List.of(), "a sync would refuse skills/" + name + "/SKILL.md (" + e.reason()
                    + "): skill:" + name + " would stay as indexed");
        }
    }

    /** The skill folder's name when {@code target} is {@code skills/<name>/SKILL.md} of the skills repo, else null. */
    static String skillName(Workspace ws, String repo, String target) {
        if (!"skills".equals(repo) || target == null) {
            return null;
        }
        Path file;
        try {
            file = ws.skillsRepo().resolve(target.replace('\\', '/')).normalize();
        } catch (InvalidPathException e) {
            return null;
        }
        Path dir = file.getParent();
        if (!file.getFileName().toString().equals("SKILL.md") || dir == null || dir.getParent() == null
                || !dir.getParent().equals(ws.skillsDir().normalize())) {
            return null;
        }
        String name = dir.getFileName().toString();
        return name.startsWith(".") ? null : name;
    }
}
