package services.text;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;

/**
 * One line of a JSON-lines file, as every reader of the console takes it: a UTF-8 byte-order mark at the start of
 * the file is not part of the first line (an editor on Windows writes one), and a line holding more than one value
 * ({@code {..}{..}}) is a bad line, never read as its first value only — what follows the first object would be
 * dropped without a word, or hide there.
 */
public final class JsonLines {

    /** The reason a line holding two values is refused, as the readers report it. */
    public static final String MORE_THAN_ONE = "more than one JSON value on the line";

    private JsonLines() {
    }

    /** The length of a UTF-8 byte-order mark at {@code off} (3), or 0. */
    public static int bom(byte[] bytes, int off, int len) {
        return len >= 3 && bytes[off] == (byte) 0xEF && bytes[off + 1] == (byte) 0xBB && bytes[off + 2] == (byte) 0xBF ? 3 : 0;
    }

    /** The first line's text without a leading byte-order mark (U+FEFF once decoded). */
    public static String withoutBom(String line) {
        return line.startsWith("\uFEFF") ? line.substring(1) : line;
    }

    /**
     * The line's one JSON value; a line that is not JSON, or holds more than one value, throws with the reason the
     * readers print ("not valid JSON", {@link #MORE_THAN_ONE}).
     */
    public static JsonNode one(ObjectMapper json, String line) throws BadLine {
        try (JsonParser parser = json.createParser(line)) {
            JsonNode node = json.readTree(parser);
            if (node == null) {
                throw new BadLine("not valid JSON");
            }
            if (parser.nextToken() != null) {
                throw new BadLine(MORE_THAN_ONE);
            }
            return node;
        } catch (BadLine e) {
            throw e;
        } catch (IOException e) {
            throw new BadLine("not valid JSON");
        }
    }

    /** A line that is not exactly one JSON value; the message is the reason. */
    public static final class BadLine extends Exception {
        public BadLine(String reason) {
            super(reason);
        }
    }
}
