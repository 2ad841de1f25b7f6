package services.failed;

import java.util.Collection;
import java.util.List;
import services.text.LookAlikeText;

/**
 * The key of a failed target as the CLI and the window name it: {@code project/target}, the project as written (an
 * absolute path reads {@code /Users/joel/Code/joelclaw/US-001}, never {@code \/Users\/joel…}). Each {@code \\} is
 * doubled, a {@code /} in the target is written {@code \/}, and a character that would read as another (invisible,
 * bidi, a look-alike of another script) is written {@code \\u{XXXX}}. The last unescaped {@code /} parts the two, so
 * every (project, target) pair has its own key, and no two keys read alike.
 */
final class TargetKeys {

    private TargetKeys() {
    }

    /** The key of a project's target: both as written but for backslashes and look-alikes, the target's {@code /} escaped. */
    static String key(String project, String target) {
        return LookAlikeText.visible(project, true) + "/" + escapedTarget(LookAlikeText.visible(target, true));
    }

    /**
     * The target part of a key from its visible form (each raw {@code \\} doubled, each look-alike written
     * {@code \\u{XXXX}}): a {@code /} is written {@code \\/}, and a raw {@code \\} stays single unless a {@code /}, a
     * {@code \\} or {@code u}{@code {} follows it — so {@code S\\1} reads as typed.
     */
    private static String escapedTarget(String visible) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < visible.length(); i++) {
            char c = visible.charAt(i);
            if (c == '\\' && i + 1 < visible.length() && visible.charAt(i + 1) == '\\') {
                String rest = visible.substring(i + 2);
                out.append(rest.startsWith("/") || rest.startsWith("\\") || rest.startsWith("u{") ? "\\\\" : "\\");
                i++;
            } else if (c == '\\') {
                int end = visible.indexOf('}', i);
                out.append(visible, i, end + 1);
                i = end;
            } else {
                out.append(c == '/' ? "\\/" : String.valueOf(c));
            }
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
            int code = code(key, i);
            if (code >= 0) {
                text.appendCodePoint(code);
                i = key.indexOf('}', i);
            } else if (c == '\\' && i + 1 < key.length() && (key.charAt(i + 1) == '\\' || key.charAt(i + 1) == '/')) {
                text.append(key.charAt(++i));
            } else {
                if (c == '/') {
                    cut = text.length();
                }
                text.append(c);
            }
        }
        return cut < 0 ? null : new String[] {text.substring(0, cut), text.substring(cut + 1)};
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
