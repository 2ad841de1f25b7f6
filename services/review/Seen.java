package services.review;

/**
 * The snapshot a decision is about: the digest of the proposal as the one deciding saw it, how it was seen, and —
 * when known — the fingerprint of the change it was shown to make ({@link PlannedChange#fingerprint}: the target's
 * bytes then and the bytes approving commits). A decision is refused, and nothing written, when the file read under
 * the decision lock has another digest; an approval also when the change it would commit is not the one seen (the
 * target moved on the review branch).
 */
public record Seen(String digest, How how, String change) {

    public Seen(String digest, How how) {
        this(digest, how, null);
    }

    /** How the digest was come by. */
    public enum How {
        /** Not checked: the decision is about the file as read under the lock (its digest is still logged). */
        UNCHECKED,
        /** The digest of what is on screen (the window) or given with {@code --digest}. */
        GIVEN,
        /** The digest the console last showed or listed for this id ({@code proposals show / list}). */
        LAST_SHOWN,
        /** The digest of the proposal the trust dial judged. */
        JUDGED
    }

    public static final Seen UNCHECKED = new Seen(null, How.UNCHECKED);

    public static Seen given(String digest) {
        return new Seen(digest, How.GIVEN);
    }

    /** The digest given, and the change that was shown with it (null: not known). */
    public static Seen given(String digest, String change) {
        return new Seen(digest, How.GIVEN, change);
    }

    /** What is on screen: the item's proposal digest and the change it shows. */
    public static Seen of(ReviewService.Item item) {
        return new Seen(item.proposal().digest(), How.GIVEN, item.change() == null ? null : item.change().fingerprint());
    }

    public static Seen lastShown(String digest) {
        return new Seen(digest, How.LAST_SHOWN);
    }

    public static Seen lastShown(String digest, String change) {
        return new Seen(digest, How.LAST_SHOWN, change);
    }

    public static Seen judged(String digest) {
        return new Seen(digest, How.JUDGED);
    }

    /** The item the trust dial judged: its proposal's digest and the change it planned. */
    public static Seen judged(ReviewService.Item item) {
        return new Seen(item.proposal().digest(), How.JUDGED, item.change() == null ? null : item.change().fingerprint());
    }

    /**
     * Refuses ({@link ProposalRewritten}) when the change approving would commit now is not the change seen: the
     * target's bytes on the review branch, or the result, differ from when it was shown or judged.
     */
    void requireChange(String id, PlannedChange now, String branch) {
        if (how == How.UNCHECKED || change == null || now == null || change.equals(now.fingerprint())) {
            return;
        }
        String target = now.path() + " on " + branch;
        throw new ProposalRewritten(how == How.JUDGED
                ? "Proposal " + id + ": its target " + target + " changed after the trust dial judged it, so approving "
                + "would commit a change the dial never judged; it waits for a person. Nothing was written."
                : "Proposal " + id + ": its target " + target + " changed since you saw it — show it again: approving "
                + "now would commit a change you were not shown. Nothing was written.");
    }

    /** Refuses ({@link ProposalRewritten}) when {@code p} as read now is not the proposal seen. */
    void require(Proposal p) {
        if (how == How.UNCHECKED || Snapshot.names(digest, p.digest())) {
            return;
        }
        String now = p.digest() == null ? "cannot be digested" : "now reads " + p.shortDigest();
        String id = p.id();
        throw new ProposalRewritten(switch (how) {
            case JUDGED -> "Proposal " + id + " was rewritten after the trust dial judged it (" + Snapshot.shortOf(digest)
                    + "; its file " + now + "): the dial decides only what it judged, so it waits for a person. "
                    + "Nothing was written.";
            case LAST_SHOWN -> "Proposal " + id + " was rewritten since you saw it — show it again ('proposals show "
                    + id + "'): the console last showed it as " + Snapshot.shortOf(digest) + ", its file " + now
                    + ". Nothing was written.";
            default -> "Proposal " + id + " was rewritten since you saw it — show it again: you decided on "
                    + Snapshot.shortOf(Snapshot.normalized(digest))
                    + ", its file " + now + ". Nothing was written.";
        });
    }
}
