package services.amendments;

import java.nio.file.Path;
import java.util.List;
import services.text.PlainText;

/** A commit named by the user with a prefix of its sha: hex only, and never a guess between two. */
final class ShaPrefix {

    private ShaPrefix() {
    }

    /** The amendment whose commit starts with {@code sha}; an ambiguous prefix is refused, never guessed. */
    static AmendmentsService.Amendment find(List<AmendmentsService.Amendment> all, String sha, Path log) {
        String prefix = sha == null ? "" : sha.strip().toLowerCase();
        if (!prefix.matches("[0-9a-f]{4,40}")) {
            throw new AmendmentException("The commit " + PlainText.shown(sha) + " is not a commit id: give 4 to 40 hex "
                    + "digits of an amendment's sha.");
        }
        List<AmendmentsService.Amendment> matches = all.stream().filter(a -> a.sha().toLowerCase().startsWith(prefix)).toList();
        List<String> shas = matches.stream().map(AmendmentsService.Amendment::sha).distinct().toList();
        if (shas.size() > 1) {
            throw new AmendmentException("The commit " + sha + " is ambiguous: it starts " + shas.size() + " amendments' "
                    + "commits (" + String.join(", ", shas.stream().map(s -> abbreviate(s, prefix.length() + 4)).toList())
                    + "); give more digits. Nothing was reverted.");
        }
        return matches.stream().findFirst().orElseThrow(() -> new AmendmentException("No applied amendment with commit "
                + sha + " in " + log + "."));
    }

    private static String abbreviate(String sha, int length) {
        return sha.length() > length ? sha.substring(0, length) : sha;
    }
}
