package services.failed;

import java.util.Collection;
import java.util.List;
import services.text.LookAlikeText;

/**
 * The key of a failed target as the CLI and the window name it: {@code project/target}, with a {@code /} or
 * {@code \\} inside the project escaped by a backslash, so that every (project, target) pair has its own key.
 */
final class TargetKeys {

    private TargetKeys() {
    }

    /** The key of a project's target: the project's own {@code /} and {@code \\} escaped with a backslash. */
    static String key(String project, String target) {
        return LookAlikeText.visible(project).replace("/", "\\/") + "/" + LookAlikeText.visible(target, false);
    }

    /** The project and target of a key ({@link #key(String, String)} read back), or null for a document id. */
    static String[] split(String key) {
        if (key.startsWith("failed_target:")) {
            return null;
        }
        StringBuilder project = new StringBuilder();
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            int code = code(key, i);
            if (code >= 0) {
                project.appendCodePoint(code);
                i = key.indexOf('}', i);
            } else if (c == '\\' && i + 1 < key.length()) {
                project.append(key.charAt(++i));
            } else if (c == '/') {
                String target = key.substring(i + 1);
                StringBuilder t = new StringBuilder();
                for (int j = 0; j < target.length(); j++) {
                    int tc = code(target, j);
                    if (tc >= 0) {
                        t.appendCodePoint(tc);
                        j = target.indexOf('}', j);
                    } else {
                        t.append(target.charAt(j));
                    }
                }
                return new String[] {project.toString(), t.toString()};
            } else {
                project.append(c);
            }
        }
        return null;
    }

    /** The code point of a {@code \\u{XXXX}} at {@code i} of {@code key}, or -1. */
    private static int code(String key, int i) {
        if (key.charAt(i) != '\\' || !key.startsWith("u{", i + 1)) {
            return -1;
        }
        int end = key.indexOf('}', i);
        String hex = end < 0 ? "" : key.substring(i + 3, end);
        return hex.matches("[0-9A-Fa-f]{1,6}") && Integer.parseInt(hex, 16) <= Character.MAX_CODE_POINT
                ? Integer.parseInt(hex, 16) : -1;
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
