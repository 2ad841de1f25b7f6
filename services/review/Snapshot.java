package services.review;

import java.util.Arrays;
import java.util.Locale;
import services.vault.FileText;

/**
 * The bytes of a proposal file as read once, and their SHA-256: what a person is shown and what a decision decides.
 * Equal when their digests are equal.
 */
public record Snapshot(String digest, byte[] bytes) {

    public static final String PREFIX = "sha256:";
    /** How many hex digits of the digest are shown (and the fewest a {@code --digest} may give). */
    public static final int SHORT = 12;

    public Snapshot {
        bytes = bytes.clone();
    }

    public static Snapshot of(byte[] bytes) {
        return new Snapshot(PREFIX + FileText.sha256(bytes), bytes);
    }

    @Override
    public byte[] bytes() {
        return bytes.clone();
    }

    /** "sha256:0123456789ab": the digest as the window and {@code proposals show} print it. */
    public String shortDigest() {
        return shortOf(digest);
    }

    public static String shortOf(String digest) {
        return digest == null ? "" : digest.substring(0, Math.min(digest.length(), PREFIX.length() + SHORT));
    }

    /**
     * Whether {@code given} names this digest: the full digest or at least its first {@value #SHORT} hex digits,
     * with or without {@code sha256:}, in either case.
     */
    public static boolean names(String given, String digest) {
        if (given == null || digest == null) {
            return false;
        }
        String hex = given.strip().toLowerCase(Locale.ROOT);
        hex = hex.startsWith(PREFIX) ? hex.substring(PREFIX.length()) : hex;
        return hex.matches("[0-9a-f]{" + SHORT + ",64}") && digest.substring(PREFIX.length()).startsWith(hex);
    }

    /** {@code given} as the console writes a digest: {@code sha256:} and lower-case hex, without spaces. */
    public static String normalized(String given) {
        String hex = given.strip().toLowerCase(Locale.ROOT);
        return hex.startsWith(PREFIX) ? hex : PREFIX + hex;
    }

    /** A {@code --digest} value that cannot name any digest: null when it can. */
    public static String malformed(String given) {
        String hex = given.strip().toLowerCase(Locale.ROOT);
        hex = hex.startsWith(PREFIX) ? hex.substring(PREFIX.length()) : hex;
        return hex.matches("[0-9a-f]{" + SHORT + ",64}") ? null : "a digest is sha256: followed by " + SHORT
                + " to 64 hex digits (as 'proposals show' prints it)";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Snapshot other && other.digest.equals(digest);
    }

    @Override
    public int hashCode() {
        return digest.hashCode();
    }

    @Override
    public String toString() {
        return "Snapshot[" + digest + ", " + bytes.length + " bytes]";
    }

    /** Used by {@link Arrays} users comparing bytes directly. */
    boolean sameBytes(byte[] other) {
        return Arrays.equals(bytes, other);
    }
}
