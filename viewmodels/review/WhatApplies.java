package viewmodels.review;

import services.review.Proposal;
import services.review.ProposalWords;

/**
 * What the reviewer can do with the proposal shown, in words: the keys line names only the keys that apply, and a
 * proposal nothing can be decided on (decided already, or invalid) says so where the decision buttons stand.
 */
final class WhatApplies {

    private WhatApplies() {
    }

    /**
     * "Keys: j / k move · a approve · r reject · …" for an open proposal — approving and editing only where it can be
     * approved (a blocked or conflicting one can be rejected or sent back); for a decided or invalid one only moving
     * and what its diff offers; a read-only workspace decides nothing.
     */
    static String keys(Proposal p, boolean readOnly, boolean hasDiff, boolean approvable, boolean hasStories) {
        StringBuilder keys = new StringBuilder("Keys: j / k move");
        boolean open = p != null && p.valid() && p.open() && !readOnly;
        if (open) {
            keys.append(approvable ? " · a approve · r reject" : " · r reject");
            if ("pending".equals(p.status())) {
                keys.append(" · c request changes");
            }
            if (approvable) {
                keys.append(" · e edit, then approve");
            }
        }
        if (hasDiff) {
            keys.append(" · d unified / side by side");
        }
        if (hasStories) { // only when its effect on recall has stories to show (a SOUL change has none)
            keys.append(" · s show / hide the stories");
        }
        keys.append(" · f filter");
        return keys.toString();
    }

    /**
     * Where the decision buttons stand, for a proposal nothing can be decided on: "Approved — nothing left to decide;
     * its record is below.", "Invalid — …", or, on a read-only workspace, that decisions are made elsewhere; empty
     * while it can be decided.
     */
    static String closed(Proposal p, boolean readOnly) {
        if (p == null) {
            return "";
        }
        if (!p.valid()) {
            return "Invalid — nothing to decide until its file is fixed; what is wrong is below.";
        }
        if (p.open()) {
            return readOnly ? "Read-only workspace — open to read; approve or reject it where the workspace is writable "
                    + "(Settings → Read-only)." : "";
        }
        String state = ProposalWords.status(p.status());
        return state.substring(0, 1).toUpperCase() + state.substring(1) + " — nothing left to decide; its record is below.";
    }
}
