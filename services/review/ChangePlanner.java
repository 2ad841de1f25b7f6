package services.review;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import com.github.difflib.patch.Patch;
import com.github.difflib.patch.PatchFailedException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import services.text.PlainText;
import services.vault.FileText;

/**
 * Works out what approving a proposal changes: applies its patch at {@code base} (or takes its full proposed
 * text), and when the target moved on since {@code base}, merges the change onto the current text three-way.
 */
public final class ChangePlanner {

    /**
     * The change approving {@code p} makes on {@code branch}. A target or base that is not UTF-8 text, or is larger
     * than {@link ReviewBranch#MAX_BLOB_BYTES}, is refused naming it; the result keeps the target's line endings, its
     * byte order mark and its final newline (or the lack of one).
     */
    public PlannedChange plan(Proposal p, ReviewBranch branch, Path repoRoot) {
        String path = TargetPath.check(p.id(), repoRoot, p.target());
        String tip = branch.tip();
        Optional<ReviewBranch.Blob> current;
        try {
            current = branch.read(path); // refuses a folder, a path below a file, a symlink or submodule on the way
        } catch (ReviewBranch.TooLarge e) {
            throw new ReviewException("Proposal " + p.id() + ": its target " + e.getMessage(), e);
        } catch (ReviewException e) {
            throw new ReviewException("Proposal " + p.id() + ": " + e.getMessage(), e);
        }
        TextForm.Decoded decoded = current.map(b -> TextForm.decode(b.content(), "Proposal " + p.id() + ": its target "
                + path + " on " + branch.branch() + " in " + repoRoot)).orElse(new TextForm.Decoded("", TextForm.PLAIN));
        String now = decoded.text();
        boolean baseIsNow = p.base() == null || current.map(b -> matches(p.base(), b)).orElse(isEmptyBase(p.base()));
        String proposed;
        String baseText;
        if (p.proposedText() != null) {
            proposed = p.proposedText();
            baseText = baseIsNow ? now : baseText(p, branch, current.isPresent());
        } else {
            checkHeaders(p, path);
            baseText = baseIsNow ? now : baseText(p, branch, current.isPresent());
            proposed = apply(p, path, baseText);
        }
        if (baseIsNow) {
            return new PlannedChange(p.repo(), path, now, finalNewlineOf(now, proposed), current.isEmpty(), false,
                    List.of(), tip, now, proposed, decoded.form());
        }
        return merge(p, path, baseText, now, proposed, current.isEmpty(), tip, decoded.form());
    }

    /** The bytes committing {@code text} (an edited result, or the change's own) gives: {@link PlannedChange#bytesFor}. */
    public static byte[] bytesFor(PlannedChange change, String text) {
        return change.bytesFor(text);
    }

    /** {@code after} ending with a newline exactly when {@code before} does (a new or empty file: as it is). */
    static String finalNewlineOf(String before, String after) {
        if (before.isEmpty() || after.isEmpty()) {
            return after;
        }
        if (before.endsWith("\n") && !after.endsWith("\n")) {
            return after + "\n";
        }
        return !before.endsWith("\n") && after.endsWith("\n") ? after.substring(0, after.length() - 1) : after;
    }

    private static boolean isEmptyBase(String base) {
        return base.isBlank() || base.equals("none") || base.chars().allMatch(c -> c == '0');
    }

    /** A base is a git blob id (40 hex) or a sha256 of the content ("sha256:…" or 64 hex). */
    static boolean matches(String base, ReviewBranch.Blob blob) {
        String b = base.strip().toLowerCase();
        if (b.startsWith("sha256:")) {
            b = b.substring(7);
        }
        if (b.length() == 64) {
            return b.equals(FileText.sha256(blob.content()));
        }
        return b.equals(blob.blobId());
    }

    private static String baseText(Proposal p, ReviewBranch branch, boolean targetExists) {
        if (isEmptyBase(p.base())) {
            return "";
        }
        Optional<byte[]> blob;
        try {
            blob = branch.blob(p.base());
        } catch (ReviewBranch.TooLarge e) {
            throw new ReviewException("Proposal " + p.id() + ": its base " + e.getMessage(), e);
        } catch (ReviewException e) {
            throw new ReviewException("Proposal " + p.id() + ": " + e.getMessage(), e);
        }
        return blob.map(b -> TextForm.decode(b, "Proposal " + p.id() + ": its base blob " + abbreviate(p.base())).text())
                .orElseThrow(() -> new ReviewException("Proposal "
                + p.id() + ": its base " + abbreviate(p.base()) + " is not in the repository and " + p.target()
                + (targetExists ? " has changed since" : " does not exist") + ", so the change cannot be placed. "
                + "Request changes."));
    }

    private static void checkHeaders(Proposal p, String path) {
        for (String line : p.patch().split("\n")) {
            if (line.startsWith("--- ") || line.startsWith("+++ ")) {
                String named = line.substring(4).strip().replaceFirst("\\t.*$", "");
                if (named.equals("/dev/null")) {
                    continue;
                }
                String file = named.replaceFirst("^[ab]/", "");
                if (!file.equals(path)) {
                    throw new ReviewException("Proposal " + p.id() + ": its patch is for " + PlainText.shown(file) + " but its target is "
                            + path + ".");
                }
            }
        }
    }

    private static String apply(Proposal p, String path, String baseText) {
        try {
            PatchHunks.checkHeaders(p.patch());
        } catch (ReviewException unreadable) {
            throw new ReviewException("Proposal " + p.id() + ": its patch cannot be read: " + PlainText.line(unreadable.getMessage(), 300)
                    + " Request changes.");
        }
        List<String> diff = new ArrayList<>(Arrays.asList(p.patch().split("\n", -1)));
        while (!diff.isEmpty() && diff.get(diff.size() - 1).isEmpty()) {
            diff.remove(diff.size() - 1); // a trailing newline is not an empty context line
        }
        Patch<String> patch = UnifiedDiffUtils.parseUnifiedDiff(diff);
        if (patch.getDeltas().isEmpty()) {
            throw new ReviewException("Proposal " + p.id() + ": its patch has no hunks (expected a unified diff with "
                    + "'--- a/" + path + "', '+++ b/" + path + "' and '@@' lines).");
        }
        try {
            return join(DiffUtils.patch(lines(baseText), patch), baseText.isEmpty() || baseText.endsWith("\n"));
        } catch (PatchFailedException e) {
            throw new ReviewException("Proposal " + p.id() + ": its patch does not apply to " + path + " at base "
                    + abbreviate(p.base()) + " (" + PlainText.line(e.getMessage(), 200) + ").");
        }
    }

    private static PlannedChange merge(Proposal p, String path, String base, String now, String proposed, boolean newFile,
                                       String tip, TextForm form) {
        JGitTextMerge.Merged result;
        try {
            result = JGitTextMerge.merge(base, now, proposed);
        } catch (IOException e) {
            throw new ReviewException("Cannot merge proposal " + p.id() + ": " + e.getMessage(), e);
        }
        String merged = result.text();
        List<String> conflicts = result.conflicts() ? conflictHunks(merged) : List.of();
        return new PlannedChange(p.repo(), path, now, conflicts.isEmpty() ? finalNewlineOf(now, merged) : now, newFile,
                true, conflicts, tip, base, proposed, form);
    }

    /** The {@code <<<<<<< … >>>>>>>} regions of a merge, each as one text. */
    private static List<String> conflictHunks(String merged) {
        List<String> hunks = new ArrayList<>();
        StringBuilder hunk = null;
        for (String line : merged.split("\n", -1)) {
            if (line.startsWith("<<<<<<< ")) {
                hunk = new StringBuilder();
            }
            if (hunk != null) {
                hunk.append(line).append('\n');
            }
            if (line.startsWith(">>>>>>> ") && hunk != null) {
                hunks.add(hunk.toString());
                hunk = null;
            }
        }
        return hunks;
    }

    /** The lines of a text, without a trailing empty line for its final newline. */
    public static List<String> lines(String text) {
        if (text.isEmpty()) {
            return new ArrayList<>();
        }
        String body = text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
        return new ArrayList<>(Arrays.asList(body.split("\n", -1)));
    }

    static String join(List<String> lines, boolean finalNewline) {
        String body = String.join("\n", lines);
        return lines.isEmpty() ? "" : finalNewline ? body + "\n" : body;
    }

    private static String abbreviate(String id) {
        return id == null ? "(none)" : id.length() > 12 ? id.substring(0, 12) : id;
    }
}
