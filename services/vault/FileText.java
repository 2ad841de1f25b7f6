package services.vault;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Reads one vault file as text, refusing what is not text: not a regular file (a FIFO, a device, a socket — also
 * through a symbolic link), too large, binary (a NUL byte), not UTF-8. Every read is bounded: the size limit is
 * checked before opening and enforced again while reading (a file that grows, or a device that reports size 0,
 * stops at the limit). A byte order mark is dropped and CRLF line ends become LF. Also gives the content hash the
 * sync uses to skip unchanged files.
 */
public record FileText(String text, String sha256, long size) {

    public static final long DEFAULT_LIMIT = 2L * 1024 * 1024;
    /** The bound for an append-only log (the dream log, the decision log) read whole. */
    public static final long LOG_LIMIT = 64L * 1024 * 1024;

    public static FileText read(Path file, long limit) {
        return read(file, limit, null);
    }

    /**
     * @param root when not null, a file that resolves (through symbolic links) to outside this folder is refused
     *             without being opened
     */
    public static FileText read(Path file, long limit, Path root) {
        return of(bytes(file, limit, root));
    }

    /** The bytes of a file, bounded and checked as {@link #read} does, with the same reasons when refused. */
    public static byte[] bytes(Path file, long limit, Path root) {
        byte[] bytes;
        try {
            if (root != null) {
                regular(file);
                insideRoot(file, root);
            }
            bytes = bounded(file, limit);
        } catch (NoSuchFileException e) {
            String dangling = danglingSymlink(file);
            throw new VaultFileException(dangling != null ? dangling : "file was removed while reading");
        } catch (AccessDeniedException e) {
            throw new VaultFileException("cannot be read (permission denied)");
        } catch (FileSystemException e) {
            String why = e.getReason() == null ? e.getMessage() : e.getReason();
            throw new VaultFileException(why != null && why.contains("symbolic links")
                    ? "symbolic link loop (" + why + ")" : "cannot be read: " + why);
        } catch (Refused e) {
            throw new VaultFileException(e.getMessage());
        } catch (IOException e) {
            throw new VaultFileException("cannot be read: " + e.getMessage());
        }
        return bytes;
    }

    /** Bytes read as {@link #read} reads them (refused when binary or not UTF-8; BOM dropped, LF line ends). */
    public static FileText of(byte[] bytes) {
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == 0) {
                throw new VaultFileException("binary content (a NUL byte at offset " + i + "), not a text file");
            }
        }
        String text = decode(bytes);
        if (text.startsWith("\uFEFF")) {
            text = text.substring(1);
        }
        text = text.replace("\r\n", "\n").replace('\r', '\n');
        return new FileText(text, sha256(bytes), bytes.length);
    }

    /**
     * The bytes of a regular file of at most {@code limit} bytes, for readers of other formats (the dream log).
     * A FIFO, a device or a socket is refused before it is opened, so a read never blocks; a file longer than the
     * limit is refused once the limit is passed, so a read never runs out of memory.
     *
     * @throws IOException with a reason fit for a user (not a regular file, too large, or the system's reason)
     */
    public static byte[] bounded(Path file, long limit) throws IOException {
        BasicFileAttributes attrs = regular(file);
        if (attrs.size() > limit) {
            throw new Refused(tooLarge(attrs.size() / 1024 + " KiB", limit));
        }
        // The check above can be outrun (the file replaced after it): the limit is enforced while reading too.
        try (InputStream in = Files.newInputStream(file)) {
            byte[] bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, limit + 1));
            if (bytes.length > limit) {
                throw new Refused(tooLarge("more than " + limit / 1024 + " KiB", limit));
            }
            return bytes;
        }
    }

    private static BasicFileAttributes regular(Path file) throws IOException {
        BasicFileAttributes attrs = Files.readAttributes(file, BasicFileAttributes.class); // follows links
        if (!attrs.isRegularFile()) {
            throw new Refused(attrs.isDirectory() ? "is a folder, not a file" : "not a regular file ("
                    + special(file) + "); not read");
        }
        return attrs;
    }

    private static String tooLarge(String size, long limit) {
        return "file is too large (" + size + "; the limit is " + limit / 1024 + " KiB)";
    }

    /** What kind of special file this is, from its POSIX mode where the platform gives it. */
    private static String special(Path file) {
        try {
            int mode = (Integer) Files.getAttribute(file, "unix:mode");
            return switch (mode & 0170000) {
                case 0010000 -> "a named pipe (FIFO)";
                case 0020000 -> "a character device";
                case 0060000 -> "a block device";
                case 0140000 -> "a socket";
                default -> "a special file";
            };
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | ClassCastException e) {
            return "a special file";
        }
    }

    /** Refuses a file whose real path (symbolic links followed) lies outside the root's real path. */
    private static void insideRoot(Path file, Path root) throws IOException {
        Path real = file.toRealPath();
        Path realRoot;
        try {
            realRoot = root.toRealPath();
        } catch (IOException e) {
            realRoot = root.toAbsolutePath().normalize();
        }
        if (!real.startsWith(realRoot)) {
            throw new Refused("a symbolic link to " + real + ", outside " + realRoot + "; not read");
        }
    }

    /** A refusal whose message is the whole reason. */
    private static final class Refused extends IOException {
        Refused(String reason) {
            super(reason);
        }
    }

    /**
     * "symlink to X, which does not exist" when {@code path} (or a folder on the way to it) is a symbolic link
     * whose target is missing — skills linked to folders of other repositories are, on any other machine —; else null.
     */
    public static String danglingSymlink(Path path) {
        for (Path p = path; p != null; p = p.getParent()) {
            if (Files.isSymbolicLink(p) && !Files.exists(p)) {
                try {
                    return "symlink to " + Files.readSymbolicLink(p) + ", which does not exist; not indexed";
                } catch (IOException e) {
                    return "a symlink whose target does not exist; not indexed";
                }
            }
            if (Files.exists(p, LinkOption.NOFOLLOW_LINKS) && !Files.isSymbolicLink(p)
                    && Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                return null;
            }
        }
        return null;
    }

    private static String decode(byte[] bytes) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        try {
            return decoder.decode(in).toString();
        } catch (CharacterCodingException e) {
            throw new VaultFileException("not valid UTF-8 (bad byte at offset " + in.position() + ")");
        }
    }

    public static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
