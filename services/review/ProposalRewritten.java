package services.review;

/**
 * A decision refused because the proposal file is no longer the one that was seen: its bytes (their digest) differ
 * from what the reviewer was shown, or from what the trust dial judged. Nothing was written.
 */
public final class ProposalRewritten extends ReviewException {

    public ProposalRewritten(String message) {
        super(message);
    }
}
