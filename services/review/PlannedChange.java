package services.review;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import services.vault.FileText;

/**
 * What approving a proposal would do: the target's text now ({@code before}, empty for a new file) and after, as the
 * console reviews them (LF line endings, no byte order mark). {@code stale}: the target changed since the proposal's
 * {@code base}, and the change was merged onto the current text ({@code conflicts} empty) or could not be
 * ({@code conflicts} lists the conflicting hunks; approval refused, and {@code after} is {@code before}).
 * The bytes committed are {@link #afterBytes()}: {@code after} written in the target's own {@link TextForm} — its
 * line endings, line by line, and its byte order mark — so the commit changes exactly the lines the diff shows.
 *
 * @param baseText the target as the proposal was written for (its {@code base}); {@code before} when not stale
 * @param intended the proposal's own change applied there: what its author meant, also when it conflicts now
 * @param form     how the target's bytes are written ({@link TextForm#PLAIN} for a new file)
 */
public record PlannedChange(String repo, String path, String before, String after, boolean newFile, boolean stale,
                            List<String> conflicts, String tip, String baseText, String intended, TextForm form) {

    public PlannedChange {
        conflicts = List.copyOf(conflicts);
        form = form == null ? TextForm.PLAIN : form;
    }

    /** A change to a UTF-8 file with LF endings and no byte order mark. */
    public PlannedChange(String repo, String path, String before, String after, boolean newFile, boolean stale,
                         List<String> conflicts, String tip, String baseText, String intended) {
        this(repo, path, before, after, newFile, stale, conflicts, tip, baseText, intended, TextForm.PLAIN);
    }

    /** A change written for the target as it is: its base is {@code before}, its intention {@code after}. */
    public PlannedChange(String repo, String path, String before, String after, boolean newFile, boolean stale,
                         List<String> conflicts, String tip) {
        this(repo, path, before, after, newFile, stale, conflicts, tip, before, after);
    }

    public boolean conflicted() {
        return !conflicts.isEmpty();
    }

    public boolean noChange() {
        return before.equals(after);
    }

    /** The exact bytes approving commits at {@code path}. */
    public byte[] afterBytes() {
        return form.bytes(before, after);
    }

    /** The target's bytes now, exactly (empty for a new file). */
    public byte[] beforeBytes() {
        return form.bytes(before, before);
    }

    /**
     * The bytes of {@code text} — an edited result, CRLF read as LF — in the target's form: what an edited approval
     * commits ({@link #afterBytes()} for {@code after} itself).
     */
    public byte[] bytesFor(String text) {
        return text.equals(after) ? afterBytes() : form.bytes(before, text.replace("\r\n", "\n"));
    }

    /** This change with {@code text} (CRLF read as LF) as its result: an edit of what approving would commit. */
    public PlannedChange withText(String text) {
        return new PlannedChange(repo, path, before, text.replace("\r\n", "\n"), newFile, stale, conflicts, tip,
                baseText, intended, form);
    }

    /**
     * The change itself, digested: repository, path, the target's exact bytes now and the exact bytes approving
     * commits. Two plans with one fingerprint commit the same change; a target moved on the review branch since a
     * plan was shown gives another ({@link Seen#requireChange}).
     */
    public String fingerprint() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : new byte[][] {String.valueOf(repo).getBytes(StandardCharsets.UTF_8),
                path.getBytes(StandardCharsets.UTF_8), newFile ? new byte[0] : beforeBytes(), afterBytes()}) {
            out.writeBytes(Integer.toString(part.length).getBytes(StandardCharsets.US_ASCII));
            out.write(':');
            out.writeBytes(part);
        }
        out.writeBytes(newFile ? new byte[] {'n'} : new byte[] {'e'});
        return Snapshot.PREFIX + FileText.sha256(out.toByteArray());
    }
}
