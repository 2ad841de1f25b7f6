package services.review;

/**
 * An approval refused for the proposal's own problem — blocked (a target it may not write, an invalid file) or
 * conflicting — the problem the queue already shows for it; the message repeats it with the file and the hunks.
 */
public class ProposalBlocked extends ReviewException {
    public ProposalBlocked(String message) {
        super(message);
    }
}
