package services.review;

import services.text.KindWords;

/**
 * The words both faces show for the proposal files' identifiers (status, kind, drift) and the review queue's
 * groups: "changes requested", "SOUL amendment", "dream · new rule". The files and {@code --json} keep the codes.
 */
public final class ProposalWords {

    private ProposalWords() {
    }

    public static String status(String status) {
        if (status == null) {
            return "";
        }
        return switch (status) {
            case "changes_requested" -> "changes requested";
            default -> status.replace('_', ' ');
        };
    }

    public static String kind(String kind) {
        if (kind == null) {
            return "no kind"; // as the queue's row says it; a kind the console does not know is shown as written
        }
        String words = KindWords.of(kind);
        return words != null ? words : kind;
    }

    public static String drift(String drift) {
        if (drift == null) {
            return null;
        }
        return switch (drift) {
            case "additive_drift" -> "additive";
            case "structural_drift" -> "structural";
            default -> drift.replace('_', ' ');
        };
    }

    /** The queue's group: "skill update · additive", "dream · new rule", "invalid". */
    public static String group(Proposal p) {
        if (!p.valid()) {
            return "invalid";
        }
        if ("skill_update".equals(p.kind())) {
            return "skill update · " + ("structural_drift".equals(p.drift()) ? "structural" : "additive");
        }
        return "dream · " + kind(p.kind());
    }
}
