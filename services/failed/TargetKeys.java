package services.failed;

import java.util.Collection;
import java.util.List;

/**
 * The key of a failed target as the CLI and the window name it: {@code project/target}, the project as written (an
 * absolute path reads {@code /Users/joel/Code/joelclaw/US-001}, never {@code \/Users\/joel…}), each {@code \\} in
 * the project doubled, and in the target a {@code /} written {@code \/} (and a {@code \\} doubled where a {@code /}
 * or {@code \\} follows it). The last unescaped {@code /} parts the two, so every (project, target) pair has its
 * own key.
 */
final class TargetKeys {

    private TargetKeys() {
    }

    /** The key of a project's target: the project as written but for its {@code \\}, the target's {@code /} escaped. */
    static String key(String project, String target) {
        StringBuilder out = new StringBuilder(project.replace("\\", "\\\\")).append('/');
        for (int i = 0; i < target.length(); i++) {
            char c = target.charAt(i);
            char next = i + 1 < target.length() ? target.charAt(i + 1) : 0;
            if (c == '/' || c == '\\' && (next == '/' || next == '\\')) {
                out.append('\\');
            }
            out.append(c);
        }
        return out.toString();
    }

    /** The project and target of a key ({@link #key(String, String)} read back), or null for a document id. */
    static String[] split(String key) {
        if (key.startsWith("failed_target:")) {
            return null;
        }
        StringBuilder text = new StringBuilder();
        int cut = -1;
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            char next = i + 1 < key.length() ? key.charAt(i + 1) : 0;
            if (c == '\\' && (next == '\\' || next == '/')) {
                text.append(next);
                i++;
            } else {
                if (c == '/') {
                    cut = text.length();
                }
                text.append(c);
            }
        }
        return cut < 0 ? null : new String[] {text.substring(0, cut), text.substring(cut + 1)};
    }

    /**
     * A key typed without the backslash ({@code a/b/c}): the one target it can name, split at any {@code /}; two or
     * more is refused as ambiguous, with the keys that tell them apart.
     */
    static FailedTargetsService.Target unescaped(String key, Collection<FailedTargetsService.Target> all) {
        List<FailedTargetsService.Target> matches = all.stream().filter(t -> (t.project() + "/" + t.target()).equals(key)).toList();
        if (matches.size() > 1) {
            throw new FailedTargetsException("\"" + key + "\" names " + matches.size() + " failed targets: "
                    + String.join(" and ", matches.stream().map(t -> "project " + t.project() + ", target " + t.target()
                    + " (key " + t.key() + ")").toList()) + ". Give the key. Nothing was cleared.");
        }
        return matches.isEmpty() ? null : matches.get(0);
    }
}
