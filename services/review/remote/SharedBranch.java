package services.review.remote;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * What sharing the review branch looks like for one repository.
 *
 * @param repository the repository's folder
 * @param remote     the remote as it may be shown (user info removed)
 * @param ahead      local commits (decisions) not on the remote yet: the push queue
 * @param behind     the remote's commits not here yet, as last fetched
 * @param result     the last attempt's result in words (null before the first)
 * @param problem    why the last attempt failed (offline, refused, a clash), or null
 * @param triedAt    when the last attempt was, or null
 */
public record SharedBranch(String repository, String remote, int ahead, int behind, String result, String problem,
                           Instant triedAt) {

    /** A sync of every shared repository: each one's state and what the user should read, in order. */
    public record Report(List<SharedBranch> repositories, List<String> messages) {
        public Report {
            repositories = List.copyOf(repositories);
            messages = List.copyOf(messages);
        }

        /** Decisions committed here and not on the remote yet, over every repository. */
        public int notPushed() {
            return repositories.stream().mapToInt(SharedBranch::ahead).sum();
        }

        /** For the status bar and the inbox: "2 decisions not pushed", or empty when everything is on the remote. */
        public String summary() {
            int n = notPushed();
            return n == 0 ? "" : n + (n == 1 ? " decision" : " decisions") + " not pushed";
        }

        /** Whether any repository's last attempt failed. */
        public boolean failed() {
            return repositories.stream().anyMatch(r -> r.problem() != null);
        }

        /** The remote's commits not here yet, over every repository, as last fetched. */
        public int behind() {
            return repositories.stream().mapToInt(SharedBranch::behind).sum();
        }

        /** Whether the last attempt found the remote unreachable (the decisions wait: offline is normal). */
        public boolean offline() {
            return repositories.stream().anyMatch(r -> "offline".equals(r.result()));
        }

        /**
         * One line, the same in the status bar, the inbox and {@code sync-review --status}: "2 decisions not pushed ·
         * 1 behind the remote · offline", "every decision is on the remote", or empty when nothing is shared.
         */
        public String statusLine() {
            if (repositories.isEmpty()) {
                return "";
            }
            List<String> parts = new ArrayList<>();
            if (notPushed() > 0) {
                parts.add(summary());
            }
            if (behind() > 0) {
                parts.add(behind() + " behind the remote");
            }
            if (offline()) {
                parts.add("offline");
            } else if (failed()) {
                parts.add("the last sync failed");
            }
            return parts.isEmpty() ? "every decision is on the remote" : String.join(" · ", parts);
        }

        /** The first problem of the last attempts, or null. */
        public String problem() {
            return repositories.stream().map(SharedBranch::problem).filter(p -> p != null).findFirst().orElse(null);
        }
    }
}
