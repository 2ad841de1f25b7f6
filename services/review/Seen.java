package services.review;

/**
 * The snapshot a decision is about: the digest of the proposal as the one deciding saw it, and how it was seen. A
 * decision is refused, and nothing written, when the file read under the decision lock has another digest.
 */
public record Seen(String digest, How how) {

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

    public static Seen lastShown(String digest) {
        return new Seen(digest, How.LAST_SHOWN);
    }

    public static Seen judged(String digest) {
        return new Seen(digest, How.JUDGED);
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
                    + Snapshot.shortOf(digest.startsWith(Snapshot.PREFIX) ? digest : Snapshot.PREFIX + digest)
                    + ", its file " + now + ". Nothing was written.";
        });
    }
}
