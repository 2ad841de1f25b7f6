package services.vault;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An ADR's own date — not the index's {@code created_at}, which is when a sync last wrote it. Read from the ADR's
 * file as the sync reads it (frontmatter {@code date:}, else a {@code Date:} line of the body, plain or bold), since
 * the indexed content leaves the frontmatter out; from the indexed content's {@code Date:} line when the file is not
 * on this machine (an index another machine syncs) or cannot be read.
 */
public final class AdrDates {

    /** {@code Date: 2024-11-02}, {@code **Date:** …}, {@code - **Date**: …} — as an ADR's body writes it. */
    private static final Pattern BODY_DATE = Pattern.compile(
            "^(?:[-*+]\\s+)?(?:(\\*\\*|__)date\\s*(?::\\s*\\1|\\1\\s*:)|date\\s*:)\\s*(\\S.*?)\\s*$",
            Pattern.CASE_INSENSITIVE);
    /** An ADR file is small; a larger one is not read for a date. */
    private static final long LIMIT = FileText.DEFAULT_LIMIT;

    private AdrDates() {
    }

    /** How the sync names an ADR's file in a document's {@code source}. */
    private static final String SOURCE = "vault:docs/decisions/";

    /**
     * The date of the ADR a document's {@code source} names ({@code vault:docs/decisions/<file>}), read from that
     * file in {@code adrDir}; from {@code content} when the source names none or the file is not here.
     */
    public static String ofSource(String source, Path adrDir, String content) {
        return of(fileOf(source, adrDir), adrDir, content);
    }

    /** The ADR file a document's {@code source} names in {@code adrDir}; null when it names none. */
    static Path fileOf(String source, Path adrDir) {
        return source != null && source.startsWith(SOURCE) && adrDir != null
                ? adrDir.resolve(source.substring(SOURCE.length())) : null;
    }

    /**
     * @param file    the ADR's file, or null when the document names none
     * @param adrDir  the folder ADR files must stay inside (a {@code source} naming a file elsewhere is not read)
     * @param content the indexed content, the fallback
     * @return the date as the ADR writes it, or null when it has none
     */
    public static String of(Path file, Path adrDir, String content) {
        if (file != null && adrDir != null && Files.isRegularFile(file)
                && AdrParser.FILE_NAME.matcher(file.getFileName().toString()).matches()) {
            try {
                String date = new AdrParser().parse(file.getFileName().toString(),
                        FileText.read(file, LIMIT, adrDir).text()).date();
                if (date != null && !date.isBlank()) {
                    return date.strip();
                }
            } catch (RuntimeException e) {
                // unreadable or broken: the indexed content may still say it
            }
        }
        return fromContent(content);
    }

    /** The date of the content's {@code Date:} line before its first {@code ## } section; null when none. */
    public static String fromContent(String content) {
        if (content == null) {
            return null;
        }
        for (String line : content.split("\n")) {
            String t = line.strip();
            if (t.startsWith("## ")) {
                return null;
            }
            Matcher m = BODY_DATE.matcher(t);
            if (m.matches()) {
                return m.group(2);
            }
        }
        return null;
    }
}
