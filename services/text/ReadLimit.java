package services.text;

import java.util.Locale;

/**
 * The most bytes of one file or git blob the console reads to review or show a change: 5 MB. A larger one is
 * refused from its size, before it is read, in words that name it ("SOUL.md … is 52.4 MB; the console reads at most
 * 5 MB of one file"), so one huge file is one proposal's problem and never takes a listing down.
 */
public final class ReadLimit {

    /** 5 MB (5,000,000 bytes). */
    public static final long MAX_BYTES = 5_000_000;

    private ReadLimit() {
    }

    /** Whether {@code size} bytes are more than the console reads. */
    public static boolean over(long size) {
        return size > MAX_BYTES;
    }

    /** Why {@code what}, of {@code size} bytes, is not read. */
    public static String tooLarge(String what, long size) {
        return what + " is " + megabytes(size) + " (" + size + " bytes); the console reads at most "
                + megabytes(MAX_BYTES) + " of one file";
    }

    /** Bytes in decimal megabytes: "5 MB", "52.4 MB". */
    public static String megabytes(long bytes) {
        return bytes % 1_000_000 == 0 ? bytes / 1_000_000 + " MB"
                : String.format(Locale.ROOT, "%.1f MB", bytes / 1_000_000.0);
    }
}
