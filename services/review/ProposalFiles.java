package services.review;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import services.text.PlainText;

/**
 * Writes a decision back into a proposal file's frontmatter (status, who, when, why, commit), keeping every other
 * byte of the file. Atomic: a temp file renamed over the original.
 */
final class ProposalFiles {

    private ProposalFiles() {
    }

    static void setKeys(Path file, Map<String, String> keys) {
        try {
            setKeys(file, Files.readAllBytes(file), keys);
        } catch (IOException e) {
            throw new ReviewException("Cannot record the decision in " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Writes {@code decided} — the bytes of the file as the decision read them, not whatever the file holds now —
     * with the decision's keys set, over the file; returns the bytes written. An agent's rewrite of the file while
     * the decision ran is replaced by the proposal that was decided.
     */
    static byte[] setKeys(Path file, byte[] decided, Map<String, String> keys) {
        try {
            String text = new String(decided, StandardCharsets.UTF_8);
            String newline = text.contains("\r\n") ? "\r\n" : "\n";
            List<String> lines = new ArrayList<>(List.of(text.split("\r?\n", -1)));
            if (lines.isEmpty() || !lines.get(0).strip().equals("---")) {
                throw new ReviewException("Proposal file " + file + " has no frontmatter to record the decision in.");
            }
            int end = -1;
            for (int i = 1; i < lines.size(); i++) {
                if (lines.get(i).strip().equals("---")) {
                    end = i;
                    break;
                }
            }
            if (end < 0) {
                throw new ReviewException("Proposal file " + file + ": its frontmatter is never closed.");
            }
            Map<String, String> remaining = new LinkedHashMap<>(keys);
            for (int i = 1; i < end; i++) {
                String line = lines.get(i);
                int colon = line.indexOf(':');
                if (colon > 0 && !Character.isWhitespace(line.charAt(0))) {
                    String key = line.substring(0, colon).strip();
                    if (remaining.containsKey(key)) {
                        lines.set(i, key + ": " + quote(remaining.remove(key)));
                        // the old value's continuation lines (a block scalar or list) go with it
                        while (i + 1 < end && continues(lines.get(i + 1))) {
                            lines.remove(i + 1);
                            end--;
                        }
                    }
                }
            }
            List<String> added = new ArrayList<>();
            remaining.forEach((k, v) -> added.add(k + ": " + quote(v)));
            lines.addAll(end, added);
            // a fresh temp file (created new, never through a link an agent may have planted under a fixed name)
            Path tmp = Files.createTempFile(file.toAbsolutePath().getParent(), "." + file.getFileName(), ".tmp");
            try {
                byte[] written = String.join(newline, lines).getBytes(StandardCharsets.UTF_8);
                Files.write(tmp, written);
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                return written;
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            throw new ReviewException("Cannot record the decision in " + file + ": " + e.getMessage(), e);
        }
    }

    /** An indented line, a top-level list item or a blank line belongs to the key above it. */
    private static boolean continues(String line) {
        return line.isEmpty() || Character.isWhitespace(line.charAt(0)) || line.startsWith("- ") || line.equals("-");
    }

    /**
     * A YAML double-quoted scalar, on one line whatever the value holds: line breaks, control characters, the
     * characters YAML reads as line breaks (U+0085, U+2028, U+2029) and lone surrogates are escaped.
     */
    static String quote(String value) {
        if (value.matches("[A-Za-z0-9_./:-]+") && !value.matches("(?i)true|false|null|yes|no|on|off|y|n|~|[0-9.:-]+")) {
            return value;
        }
        StringBuilder out = new StringBuilder("\"");
        for (int i = 0; i < value.length(); ) {
            int c = value.codePointAt(i);
            i += Character.charCount(c);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (PlainText.unsafe(c) || c == 0xFEFF) {
                        out.append(String.format("\\u%04X", c));
                    } else {
                        out.appendCodePoint(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }
}
