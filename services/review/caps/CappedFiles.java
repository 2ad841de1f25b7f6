package services.review.caps;

import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The capped files of a workspace, for the review: which rule covers a target, whether a change may be approved
 * ({@link CapCheck}), and what a reviewer sees (the trade, the stale items). The settings are read on every call.
 * A cap list that cannot be read refuses every change (its reason names the key): a cap is never guessed away.
 */
public final class CappedFiles {

    private final CapSettings settings;
    private final Function<Path, LineDates> dates;
    private final Clock clock;

    public CappedFiles(Path workspaceDir, Function<Path, LineDates> dates, Clock clock) {
        this.settings = new CapSettings(workspaceDir);
        this.dates = dates;
        this.clock = clock;
    }

    /** The rule capping {@code target} in {@code repo}, if any (named by the target's own path); throws {@link CapException} when the caps are unreadable. */
    public Optional<CapRule> rule(String repo, String target) {
        return settings.read().stream().filter(r -> r.covers(repo, target)).findFirst()
                .map(r -> new CapRule(r.repo(), target, r.heading(), r.maxItems(), r.staleAfterDays()));
    }

    /** Why changing {@code before} into {@code after} cannot be approved, or null (also for a file with no cap). */
    public String problem(String repo, String target, String before, String after, String displaces) {
        Optional<CapRule> rule;
        try {
            rule = rule(repo, target);
        } catch (CapException unreadable) {
            return "the capped files cannot be read: " + unreadable.getMessage() + " Until it is fixed no change is "
                    + "approved";
        }
        if (rule.isEmpty()) {
            return displaces == null ? null : "it names an item it displaces ('displaces'), but " + target
                    + " has no cap (workspace.json key policy.caps)";
        }
        CapVerdict v = CapCheck.judge(rule.get(), before, after, displaces);
        return v.refused() ? "capped file " + rule.get().label() + ": " + v.refusal() : null;
    }

    /**
     * The verdict and the stale items of a change to a capped file ({@code root}: its repository, {@code tip}: the
     * review branch's commit the text was read at); empty for a file with no cap or unreadable caps.
     */
    public Optional<CapReview> review(String repo, String target, String before, String after, String displaces,
                                      Path root, String tip) {
        Optional<CapRule> rule;
        try {
            rule = rule(repo, target);
        } catch (CapException unreadable) {
            return Optional.empty();
        }
        return rule.map(r -> new CapReview(CapCheck.judge(r, before, after, displaces), r.staleAfterDays() == null
                ? List.of() : StaleItems.of(r, before, dates.apply(root).lastChanged(target, tip), clock.instant())));
    }
}
