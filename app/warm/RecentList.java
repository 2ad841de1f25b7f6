package app.warm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The first entry of {@code recent-workspaces.json} ({@code {"workspaces": ["/path", ...]}}), read without Jackson
 * so that a warm command does not load it. Anything it does not understand gives null: the command then runs
 * itself and reads the file properly.
 */
final class RecentList {

    private RecentList() {
    }

    static Path first(Path file) {
        String text;
        try {
            if (!Files.isRegularFile(file) || Files.size(file) > 1 << 20) {
                return null;
            }
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            return null;
        }
        int key = text.indexOf("\"workspaces\"");
        if (key < 0) {
            return null;
        }
        int i = skipSpace(text, key + "\"workspaces\"".length());
        if (i >= text.length() || text.charAt(i) != ':') {
            return null;
        }
        i = skipSpace(text, i + 1);
        if (i >= text.length() || text.charAt(i) != '[') {
            return null;
        }
        i = skipSpace(text, i + 1);
        if (i >= text.length() || text.charAt(i) != '"') {
            return null;
        }
        String path = string(text, i + 1);
        return path == null || path.isBlank() ? null : Path.of(path);
    }

    private static int skipSpace(String text, int i) {
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        return i;
    }

    /** A JSON string's value from just after its opening quote, or null if it is malformed. */
    private static String string(String text, int i) {
        StringBuilder out = new StringBuilder();
        while (i < text.length()) {
            char c = text.charAt(i++);
            if (c == '"') {
                return out.toString();
            }
            if (c != '\\') {
                out.append(c);
                continue;
            }
            if (i >= text.length()) {
                return null;
            }
            char e = text.charAt(i++);
            switch (e) {
                case '"', '\\', '/' -> out.append(e);
                case 'b' -> out.append('\b');
                case 'f' -> out.append('\f');
                case 'n' -> out.append('\n');
                case 'r' -> out.append('\r');
                case 't' -> out.append('\t');
                case 'u' -> {
                    if (i + 4 > text.length()) {
                        return null;
                    }
                    try {
                        out.append((char) Integer.parseInt(text.substring(i, i + 4), 16));
                    } catch (NumberFormatException bad) {
                        return null;
                    }
                    i += 4;
                }
                default -> {
                    return null;
                }
            }
        }
        return null;
    }
}
