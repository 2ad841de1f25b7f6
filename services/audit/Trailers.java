package services.audit;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The trailers of a commit message, read strictly: only the message's last paragraph, and only when every line
 * of it is a {@code Key: value} trailer. A "Key: value" line elsewhere in the message (in the summary, in an agent's
 * text) is not a trailer.
 */
public final class Trailers {

    private Trailers() {
    }

    /** The {@code (key, value)} pairs of the last paragraph, in order; empty when it is not a trailer block. */
    public static List<Map.Entry<String, String>> of(String message) {
        if (message == null) {
            return List.of();
        }
        String text = message.replace("\r\n", "\n").stripTrailing();
        int start = text.lastIndexOf("\n\n");
        if (start < 0) {
            return List.of(); // a subject line only: no trailers
        }
        List<Map.Entry<String, String>> out = new ArrayList<>();
        for (String line : text.substring(start + 2).split("\n", -1)) {
            int colon = line.indexOf(": ");
            if (colon <= 0 || !line.substring(0, colon).matches("[A-Za-z0-9][A-Za-z0-9-]*")) {
                return List.of();
            }
            out.add(Map.entry(line.substring(0, colon), line.substring(colon + 2)));
        }
        return out;
    }

    /** The values of one key in the trailer block (none when the message has no trailer block). */
    public static List<String> values(String message, String key) {
        return of(message).stream().filter(e -> e.getKey().equals(key)).map(Map.Entry::getValue).toList();
    }
}
