package services.review;

import java.nio.file.Path;
import java.time.Clock;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Rejections, requests for changes and reverts recorded in the proposal file and the logs. A rejection first
 * finishes an approval a crash cut short: that approval is the decision already taken.
 */
final class Decisions {

    private final ProposalCatalog catalog;
    private final InterruptedApprovals interrupted;
    private final DecisionRecords records;
    private final Supplier<Repositories> repositories;
    private final Clock clock;
    private final String reviewBranch;
    private final DecidedFiles copies;

    Decisions(ProposalCatalog catalog, InterruptedApprovals interrupted, DecisionRecords records,
              Supplier<Repositories> repositories, Clock clock, String reviewBranch, DecidedFiles copies) {
        this.copies = copies;
        this.catalog = catalog;
        this.interrupted = interrupted;
        this.records = records;
        this.repositories = repositories;
        this.clock = clock;
        this.reviewBranch = reviewBranch;
    }

    /** Rejects or sends back {@code id}; run under the decision lock. */
    ReviewService.Decision decide(String id, String by, String action, String status, String key, String text,
                                  Seen seen) {
        Proposal p = catalog.find(catalog.proposals(), id);
        if (p.open() && p.valid() && p.hasChange()) {
            Set<Path> written = new HashSet<>();
            try (Repositories repos = repositories.get()) {
                interrupted.finish(List.of(p), repos, written); // an approval committed before a crash is the decision
            }
            if (!written.isEmpty()) {
                p = catalog.reread(p);
            }
            if ("approved".equals(p.status())) {
                throw new ReviewException("Proposal " + id + " was approved before an interruption: its commit is on "
                        + reviewBranch + " and " + p.file().getFileName() + " now records the approval. Nothing "
                        + "was " + ("reject".equals(action)
                        ? "rejected" : "sent back") + ". To undo the change, revert its commit on the review branch.");
            }
        }
        if (!p.open()) {
            throw new ReviewException("Proposal " + id + " is already " + ProposalWords.status(p.status())
                    + (p.isTampered() ? "; " + p.tampered().summary(p.status()) : "") + ".");
        }
        seen.require(p);
        String recorded = null;
        if (p.file() != null && p.valid()) {
            Map<String, String> keys = new LinkedHashMap<>();
            keys.put("status", status);
            keys.put("decided_by", by);
            keys.put("decided_at", clock.instant().toString());
            keys.put(key, text);
            recorded = copies.write(p, keys);
        }
        records.log(action, p, by, status, Map.of(key, text), null, false, p.digest(), recorded);
        return new ReviewService.Decision(id, status, null, null, (status.equals("rejected") ? "Rejected " : "Sent back ")
                + id + ": " + text);
    }

    /** See {@link ReviewService#recordRevert}. */
    String recordRevert(String id, String by, String why, String revertSha, String reverts, String branch) {
        Proposal p = catalog.proposals().stream().filter(q -> q.valid() && q.id().equals(id)).findFirst().orElse(null);
        if (p == null || !("approved".equals(p.status()) || "reverted".equals(p.status()))) {
            return null;
        }
        if ("reverted".equals(p.status())) {
            return p.digest() == null ? "" : p.digest();
        }
        String recorded = copies.write(p, records.revertedKeys(by, why, revertSha));
        records.dreamReverted(p, by, why, revertSha, reverts, branch);
        return recorded == null ? "" : recorded;
    }
}
