package services.sync;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import services.knowledge.KnowledgeDoc;
import services.vault.AdrParser;
import services.vault.BrainPageParser;
import services.vault.FileText;
import services.vault.RetroParser;
import services.vault.SkillParser;
import services.vault.VaultFileException;
import services.workspace.Workspace;

/**
 * Reads one file a sync lists and turns it into documents: an ADR, a skill, a retro's or a brain note's. A file
 * that cannot be used raises a {@link VaultFileException} naming the reason; what it warns of is collected.
 */
final class VaultDocuments {

    private final Workspace workspace;
    private final long sizeLimit;
    private final DocumentMapper mapper = new DocumentMapper();
    private final AdrParser adrs = new AdrParser();
    private final SkillParser skills = new SkillParser();
    private final RetroParser retros = new RetroParser();
    private final BrainPageParser brainPages = new BrainPageParser();

    VaultDocuments(Workspace workspace, long sizeLimit) {
        this.workspace = workspace;
        this.sizeLimit = sizeLimit;
    }

    /** Size and modification time (ms) of a file, or -1s when it cannot be read (then it is read and reported). */
    static long[] stamp(VaultFiles.SourceFile file) {
        try {
            BasicFileAttributes attrs = Files.readAttributes(file.path(),
                    BasicFileAttributes.class);
            return new long[] {attrs.size(), attrs.lastModifiedTime().toMillis()};
        } catch (IOException e) {
            return new long[] {-1, -1};
        }
    }

    FileText read(VaultFiles.SourceFile file) {
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
    private Path root(VaultFiles.SourceFile file) {
        if (file.kind() == VaultFiles.Kind.BRAIN_PAGE) { // a page must stay inside its .brain folder
            Path dir = file.path();
            for (String ignored : BrainFiles.inside(file.source()).split("/")) {
                dir = dir.getParent();
            }
            return dir;
        }
        if (file.kind() != VaultFiles.Kind.SKILL) {
            return workspace.vault();
        }
        try {
            Path real = file.path().toRealPath();
            return real.getFileName().toString().equals("SKILL.md") ? null : workspace.skillsRepo();
        } catch (IOException e) {
            return workspace.skillsRepo(); // the read reports why
        }
    }

    List<KnowledgeDoc> parse(VaultFiles.SourceFile file, FileText text, long now, List<FileIssue> warnings) {
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
            case BRAIN_PAGE -> {
                String inside = BrainFiles.inside(file.source());
                BrainPageParser.Page page = brainPages.parse(name.substring(0, name.length() - 4), text.text());
                List<String> unresolved = new ArrayList<>();
                List<KnowledgeDoc> out = mapper.brainPage(page, BrainFiles.folder(file.source()), inside,
                        stamp(file)[1] / 1000, unresolved);
                unresolved.forEach(link -> warnings.add(new FileIssue(file.display(), link)));
                yield out;
            }
            case SKILL_DIR_WITHOUT_FILE, DANGLING_SYMLINK -> throw new VaultFileException("not a readable file; not indexed");
        };
        return docs;
    }

    private static String stem(String name) {
        return name.endsWith(".md") ? name.substring(0, name.length() - 3) : name;
    }
}
