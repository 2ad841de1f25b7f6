package services.review;

import com.github.difflib.DiffUtils;
import com.github.difflib.patch.AbstractDelta;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Objects;

/**
 * How a text file is written in bytes: UTF-8 with or without a byte order mark, and each line's ending (CRLF or LF).
 * The console reviews the text with LF endings and no BOM; {@link #bytes} writes a new text back in the file's own
 * form: a line left as it was keeps its ending, a new or changed line takes the ending most lines have (on a tie,
 * the ending of the last line that has one), and the BOM stays. So the committed diff changes exactly the lines the review
 * showed. Bytes that are not UTF-8 (or hold a NUL) are refused, never decoded with replacement characters.
 */
public final class TextForm {

    /** A new file: UTF-8 without a BOM, LF endings. */
    public static final TextForm PLAIN = new TextForm(false, new BitSet(), 0, false);

    private static final byte[] BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

    private final boolean bom;
    /** Line {@code i} (from 0) of the original text ends with CRLF. */
    private final BitSet crlf;
    /** How many lines of the original end with a line break. */
    private final int endings;
    /** New and changed lines end with CRLF. */
    private final boolean crlfMost;

    private TextForm(boolean bom, BitSet crlf, int endings, boolean crlfMost) {
        this.bom = bom;
        this.crlf = crlf;
        this.endings = endings;
        this.crlfMost = crlfMost;
    }

    /** A text as the console reviews it (LF endings, no BOM) and the form its bytes had. */
    public record Decoded(String text, TextForm form) {
    }

    /** Why bytes are not reviewable text. */
    public static final class NotText extends ReviewException {
        NotText(String message) {
            super(message);
        }
    }

    /**
     * Decodes {@code bytes} strictly as UTF-8.
     *
     * @param what names the bytes in a refusal, e.g. "its target SOUL.md on brain/review"
     * @throws NotText naming {@code what}, the byte offset and the byte, for bytes that are not UTF-8 or hold a NUL
     */
    public static Decoded decode(byte[] bytes, String what) {
        int start = startsWithBom(bytes) ? BOM.length : 0;
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes, start, bytes.length - start);
        String raw;
        try {
            raw = decoder.decode(in).toString();
        } catch (CharacterCodingException e) {
            int at = in.position();
            throw new NotText(what + " is not UTF-8 text: byte 0x" + String.format("%02X", bytes[at] & 0xFF)
                    + " at offset " + at + " is not valid UTF-8. The console reviews and commits UTF-8 text only and "
                    + "will not rewrite it in another encoding. Nothing was written.");
        }
        StringBuilder text = new StringBuilder(raw.length());
        BitSet crlf = new BitSet();
        int line = 0;
        int crlfCount = 0;
        int lfCount = 0;
        boolean lastCrlf = false;
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == 0) {
                throw new NotText(what + " holds a NUL character (offset " + offsetOf(raw, i, start)
                        + "): a binary file, not text. Nothing was written.");
            }
            if (c == '\r' && i + 1 < raw.length() && raw.charAt(i + 1) == '\n') {
                continue; // the LF below ends the line
            }
            text.append(c);
            if (c == '\n') {
                lastCrlf = i > 0 && raw.charAt(i - 1) == '\r';
                if (lastCrlf) {
                    crlf.set(line);
                    crlfCount++;
                } else {
                    lfCount++;
                }
                line++;
            }
        }
        boolean bom = start > 0;
        boolean most = crlfCount > lfCount || crlfCount == lfCount && crlfCount > 0 && lastCrlf;
        return new Decoded(text.toString(), !bom && crlfCount == 0 ? PLAIN : new TextForm(bom, crlf, line, most));
    }

    /** Whether the file has a byte order mark. */
    public boolean bom() {
        return bom;
    }

    /** Whether any line of the original ends with CRLF. */
    public boolean crlf() {
        return !crlf.isEmpty();
    }

    /**
     * The bytes of {@code text} (LF endings, no BOM) written in this form, where {@code before} is the original's
     * text as {@link #decode} gave it. {@code text} equal to {@code before} gives the original bytes.
     */
    public byte[] bytes(String before, String text) {
        if (crlf.isEmpty() || crlf.cardinality() == endings) { // one ending throughout: every line takes it
            byte[] body = (crlf.isEmpty() ? text : text.replace("\n", "\r\n")).getBytes(StandardCharsets.UTF_8);
            if (!bom) {
                return body;
            }
            byte[] out = Arrays.copyOf(BOM, BOM.length + body.length);
            System.arraycopy(body, 0, out, BOM.length, body.length);
            return out;
        }
        List<String> old = ChangePlanner.lines(before);
        List<String> now = ChangePlanner.lines(text);
        boolean oldFinal = before.endsWith("\n");
        boolean newFinal = text.endsWith("\n");
        int[] from = new int[now.size()]; // the original line each new line was left as, or -1
        Arrays.fill(from, -1);
        int o = 0;
        int n = 0;
        for (AbstractDelta<String> d : DiffUtils.diff(old, now).getDeltas()) {
            for (; o < d.getSource().getPosition(); o++, n++) {
                from[n] = o;
            }
            o += d.getSource().size();
            n += d.getTarget().size();
        }
        for (; n < now.size() && o < old.size(); o++, n++) {
            from[n] = o;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(text.length() + now.size() + 3);
        if (bom) {
            out.writeBytes(BOM);
        }
        for (int i = 0; i < now.size(); i++) {
            out.writeBytes(now.get(i).getBytes(StandardCharsets.UTF_8));
            if (i < now.size() - 1 || newFinal) {
                int was = from[i];
                boolean hadEnding = was >= 0 && (was < old.size() - 1 || oldFinal);
                boolean withCr = hadEnding ? crlf.get(was) : crlfMost;
                out.writeBytes(withCr ? new byte[] {'\r', '\n'} : new byte[] {'\n'});
            }
        }
        return out.toByteArray();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TextForm f && f.bom == bom && f.crlf.equals(crlf) && f.endings == endings
                && f.crlfMost == crlfMost;
    }

    @Override
    public int hashCode() {
        return Objects.hash(bom, crlf, endings, crlfMost);
    }

    @Override
    public String toString() {
        return (bom ? "UTF-8 with BOM" : "UTF-8") + (crlf.isEmpty() ? ", LF" : crlf.cardinality() == endings ? ", CRLF"
                : ", mixed CRLF/LF");
    }

    private static boolean startsWithBom(byte[] bytes) {
        return bytes.length >= 3 && bytes[0] == BOM[0] && bytes[1] == BOM[1] && bytes[2] == BOM[2];
    }

    private static int offsetOf(String raw, int charIndex, int start) {
        return start + raw.substring(0, charIndex).getBytes(StandardCharsets.UTF_8).length;
    }
}
