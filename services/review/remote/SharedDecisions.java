package services.review.remote;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import services.audit.DecisionSharing;
import services.tasks.TaskCallbacks;
import services.tasks.TaskRunner;

/**
 * {@link DecisionSharing} by {@link ReviewSharing}: fetch before deciding, push after on the task runner (off the UI
 * thread in the window, where the status bar shows it; at once on the command line). A push that fails is recorded
 * and waits for the next sync; the decision it follows stands.
 */
public final class SharedDecisions implements DecisionSharing {

    private final ReviewSharing sharing;
    private final TaskRunner runner;

    public SharedDecisions(ReviewSharing sharing, TaskRunner runner) {
        this.sharing = sharing;
        this.runner = runner;
    }

    @Override
    public boolean active() {
        return sharing.enabled();
    }

    @Override
    public List<String> beforeDeciding() {
        return sharing.enabled() ? sharing.beforeDeciding() : List.of();
    }

    @Override
    public Optional<Instant> learntAt(Path root, String sha) {
        return sharing.learntAt(root, sha);
    }

    @Override
    public void afterDeciding() {
        if (sharing.enabled()) {
            runner.submit("Pushing the review branch", progress -> sharing.sync(),
                    TaskCallbacks.of(report -> { }, failed -> { }));
        }
    }
}
