package services.inbox;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import services.inbox.InboxItem.Kind;
import services.review.remote.SharedBranch;
import services.text.PlainText;

/**
 * The inbox's items for a shared review branch: decisions that wait to be pushed (offline is normal, a refusal or a
 * clash is not), a sync that failed, a {@code reviewRemote} setting that cannot be used. In the words of
 * {@link SharedBranch.Report#statusLine()}, the status bar's and {@code sync-review --status}'s.
 */
final class SharingItems {

    private SharingItems() {
    }

    static void add(SharedBranch.Report r, List<InboxItem> items) {
        if (r.repositories().isEmpty()) {
            r.messages().stream().findFirst().ifPresent(problem -> items.add(new InboxItem(Kind.SHARING,
                    "The review branch is not shared", line(problem), null, null, "health", "review-sync", 6)));
            return;
        }
        Instant tried = r.repositories().stream().map(SharedBranch::triedAt).filter(Objects::nonNull)
                .max(Instant::compareTo).orElse(null);
        String problem = r.problem();
        if (r.notPushed() > 0) {
            String why = r.offline() ? "Offline: they go when the remote answers (sync-review pushes now). "
                    + line(problem)
                    : r.failed() ? "Not pushed: " + line(problem)
                    : "They go with the next sync (sync-review pushes now)";
            items.add(new InboxItem(Kind.SHARING, capital(r.statusLine()), why.strip(), tried, null, "health",
                    "review-sync", r.failed() && !r.offline() ? 2 : 8));
        } else if (r.failed()) {
            items.add(new InboxItem(Kind.SHARING, "The shared review branch did not sync: " + r.statusLine(),
                    line(problem), tried, null, "health", "review-sync", r.offline() ? 8 : 2));
        } else if (r.behind() > 0) {
            items.add(new InboxItem(Kind.SHARING, capital(r.statusLine()), "Decided on another machine; brought in "
                    + "before the next decision, or by sync-review", tried, null, "health", "review-sync", 9));
        }
    }

    private static String line(String text) {
        return text == null ? "" : PlainText.oneLine(text.strip().lines().findFirst().orElse(""));
    }

    private static String capital(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
