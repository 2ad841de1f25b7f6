package services.review;

import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;
import services.audit.DecisionSharing;

/**
 * Before a decision on a shared review branch: fetches, records what came from the remote as decided there (never
 * taken for one of this console's own), and refuses a decision on a proposal another machine decided, saying who and
 * when — whether this fetch brought it or an earlier one (the job, {@code sync-review}).
 */
final class LearntDecisions {

    private final DecisionSharing sharing;
    private final Runnable recover;
    private final Supplier<List<Proposal>> proposals;
    private final Function<Proposal, DecisionRecord> records;

    LearntDecisions(DecisionSharing sharing, Runnable recover, Supplier<List<Proposal>> proposals,
                    Function<Proposal, DecisionRecord> records) {
        this.sharing = sharing;
        this.recover = recover;
        this.proposals = proposals;
        this.records = records;
    }

    void check(String id) {
        List<String> learnt = sharing.beforeDeciding();
        if (!sharing.active()) {
            return;
        }
        recover.run();
        learnt.stream().filter(m -> m.startsWith(DecisionSharing.LEARNT + id + " decided ")).findFirst().ifPresent(m -> {
            String whoWhen = m.substring(DecisionSharing.LEARNT.length() + id.length() + " decided ".length());
            throw refused(id, "decided " + (whoWhen.endsWith(".") ? whoWhen.substring(0, whoWhen.length() - 1)
                    : whoWhen));
        });
        proposals.get().stream().filter(p -> id.equals(p.id()) && p.valid() && !p.open()).findFirst()
                .map(records).filter(DecisionRecord::elsewhere).ifPresent(r -> {
                    throw refused(id, r.summary().replace(" (" + DecisionRecord.RECOVERED + ")", ""));
                });
    }

    private static ReviewException refused(String id, String what) {
        return new ReviewException("Proposal " + id + " was already " + what + ", " + DecisionRecord.RECOVERED
                + ". Nothing was committed here.");
    }
}
