package services.knowledge;

import java.nio.file.Path;

/**
 * The embedded index on disk is damaged (a file missing or cut short, a checksum that does not match, a format of
 * another Lucene version). The message says what happened and the command that rebuilds it from the sources.
 */
public final class KnowledgeIndexCorrupt extends KnowledgeIndexException {

    public static final String REBUILD = "brain-console sync --rebuild";

    public KnowledgeIndexCorrupt(Path dir, Throwable cause) {
        super("The knowledge index in " + dir + " is damaged (" + what(cause) + "). Rebuild it from the sources with '"
                + REBUILD + "' (add --workspace DIR): the damaged index is moved aside, not deleted, and the ADRs, "
                + "skills, retros, brain notes and turn notes are indexed again.", cause);
    }

    private static String what(Throwable cause) {
        String simple = cause.getClass().getSimpleName();
        String kind = switch (simple) {
            case "IndexFormatTooOldException", "IndexFormatTooNewException" -> "written by another version";
            case "NoSuchFileException", "FileNotFoundException" -> "a file is missing";
            case "EOFException" -> "a file is cut short";
            default -> "a file does not read back as written";
        };
        String message = cause.getMessage() == null ? simple : cause.getMessage();
        return kind + ": " + (message.length() > 300 ? message.substring(0, 300) + "…" : message);
    }
}
