package services.vault;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Reads one vault file as text, refusing what is not text: too large, binary (a NUL byte), not UTF-8. A byte
 * order mark is dropped and CRLF line ends become LF. Also gives the content hash the sync uses to skip
 * unchanged files.
 */
public record FileText(String text, String sha256, long size) {

    public static final long DEFAULT_LIMIT = 2L * 1024 * 1024;

    public static FileText read(Path file, long limit) {
        byte[] bytes;
        try {
            long size = Files.size(file);
            if (size > limit) {
                throw new VaultFileException("file is too large (" + size / 1024 + " KiB; the limit is "
                        + limit / 1024 + " KiB)");
            }
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            String dangling = danglingSymlink(file);
            throw new VaultFileException(dangling != null ? dangling : "file was removed while reading");
        } catch (AccessDeniedException e) {
            throw new VaultFileException("cannot be read (permission denied)");
        } catch (FileSystemException e) {
            String why = e.getReason() == null ? e.getMessage() : e.getReason();
            throw new VaultFileException(why != null && why.contains("symbolic links")
                    ? "symbolic link loop (" + why + ")" : "cannot be read: " + why);
        } catch (IOException e) {
            throw new VaultFileException("cannot be read: " + e.getMessage());
        }
        if (bytes.length > limit) {
            throw new VaultFileException("file is too large (" + bytes.length / 1024 + " KiB; the limit is "
                    + limit / 1024 + " KiB)");
        }
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
            if (Files.exists(p, java.nio.file.LinkOption.NOFOLLOW_LINKS) && !Files.isSymbolicLink(p)
                    && Files.isDirectory(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
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
