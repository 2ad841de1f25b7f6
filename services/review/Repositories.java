package services.review;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The review branches one operation (a listing, an approval, a decision) works on: each repository is opened at
 * most once, on first use, and closed when the operation ends. A repository that cannot be opened gives the same
 * refusal each time it is asked for. Callers never close a branch they get here; closing this closes them all.
 */
final class Repositories implements AutoCloseable {

    /** Opens the review branch {@code branch} of the repository at a root. */
    interface Opener extends BiFunction<Path, String, ReviewBranch> {
    }

    private final Opener opener;
    private final Function<Proposal, Path> roots;
    private final String branch;
    private final Map<Path, ReviewBranch> open = new LinkedHashMap<>();
    private final Map<Path, ReviewException> refused = new HashMap<>();

    Repositories(Opener opener, Function<Proposal, Path> roots, String branch) {
        this.opener = opener;
        this.roots = roots;
        this.branch = branch;
    }

    /** The repository a proposal targets (the skills repo or the behaviour repo). */
    Path root(Proposal p) {
        return roots.apply(p);
    }

    /** The review branch of the proposal's repository, opened once for this operation. */
    ReviewBranch branch(Proposal p) {
        Path root = root(p);
        ReviewException refusal = refused.get(root);
        if (refusal != null) {
            throw refusal;
        }
        ReviewBranch found = open.get(root);
        if (found == null) {
            try {
                found = opener.apply(root, branch);
            } catch (ReviewException e) {
                refused.put(root, e);
                throw e;
            }
            open.put(root, found);
        }
        return found;
    }

    @Override
    public void close() {
        open.values().forEach(ReviewBranch::close);
        open.clear();
    }
}
