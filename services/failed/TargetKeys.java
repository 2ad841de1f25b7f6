package services.failed;

import java.util.Collection;
import java.util.List;

/**
 * The key of a failed target as the CLI and the window name it: {@code project/target}, with a {@code /} or
 * {@code \\} inside the project escaped by a backslash, so that every (project, target) pair has its own key.
 */
final class TargetKeys {

    private TargetKeys() {
    }

    /** The key of a project's target: the project's own {@code /} and {@code \\} escaped with a backslash. */
    static String key(String project, String target) {
        return project.replace("\\", "\\\\").replace("/", "\\/") + "/" + target;
    }

    /** The project and target of a key ({@link #key(String, String)} read back), or null for a document id. */
    static String[] split(String key) {
        if (key.startsWith("failed_target:")) {
            return null;
        }
        StringBuilder project = new StringBuilder();
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            if (c == '\\' && i + 1 < key.length()) {
                project.append(key.charAt(++i));
            } else if (c == '/') {
                return new String[] {project.toString(), key.substring(i + 1)};
            } else {
                project.append(c);
            }
        }
        return null;
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
