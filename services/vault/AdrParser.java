package services.vault;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses an ADR file in any era of formats.md part 3: YAML frontmatter (inline or block tags, deciders or
 * decision-makers, the priority rubric), body lines such as {@code Status: proposed} before the first {@code ## } —
 * plain or in markdown bold as about one real ADR in nine writes them ({@code **Status:** Accepted},
 * {@code - **Status**: shipped}, {@code **Tags:** #gateway #ux}) —, a {@code ## Status} section, or the scraped
 * form whose first line glues number and status ({@code ADR-0199accepted}). A status that starts with a known one
 * maps to it ({@code superseded by 0033} → {@code superseded}, the successor kept in {@link Adr#supersededBy()}).
 */
public final class AdrParser {

    public static final Pattern FILE_NAME = Pattern.compile("^(\\d{4})-.*\\.md$");
    public static final Set<String> STATUSES = Set.of("proposed", "accepted", "shipped", "superseded", "deprecated",
            "rejected", "implemented", "implementing", "deferred", "in_progress", "researching", "withdrawn");

    private static final Pattern SCRAPED = Pattern.compile("^ADR-(\\d{4})([A-Za-z_ -]+)$");
    private static final Pattern BODY_KEY = Pattern.compile("^([A-Za-z][A-Za-z -]*):\\s*(.+)$");
    /** {@code **Key:** value}, {@code **Key**: value}, {@code __Key:__ value}, after an optional list marker. */
    private static final Pattern BOLD_KEY = Pattern.compile(
            "^(?:[-*+]\\s+)?(\\*\\*|__)([A-Za-z][A-Za-z -]*?)\\s*(?::\\s*\\1|\\1\\s*:)\\s*(.+)$");
    private static final Pattern SUCCESSOR = Pattern.compile(
            "superseded[\\s_-]*by[\\s_:-]*(?:\\[*adr[\\s_-]*)?(\\d{1,4})", Pattern.CASE_INSENSITIVE);

    /** @param supersededBy the successor's number ({@code 0033}) when the status or frontmatter names one, else null */
    public record Adr(String number, String title, String status, boolean statusKnown, String date,
                      List<String> tags, Integer score, String band, String body, String supersededBy) {
    }

    public Adr parse(String fileName, String text) {
        Matcher name = FILE_NAME.matcher(fileName);
        if (!name.matches()) {
            throw new VaultFileException("not an ADR file name (expected NNNN-slug.md)");
        }
        String number = name.group(1);
        String firstLine = text.lines().findFirst().orElse("").strip();
        Matcher scraped = SCRAPED.matcher(firstLine);
        if (scraped.matches()) {
            return scraped(number, scraped, text);
        }
        Frontmatter front = Frontmatter.parse(text);
        Map<String, String> bodyKeys = bodyKeys(front.body());
        String status = front.string("status") != null ? front.string("status") : bodyKeys.get("status");
        if (status == null) {
            status = statusSection(front.body());
        }
        List<String> tags = front.values().containsKey("tags") ? front.list("tags")
                : hashtagsOrCommas(bodyKeys.getOrDefault("tags", ""));
        tags = tags.stream().map(t -> t.startsWith("#") ? t.substring(1) : t).filter(t -> !t.isEmpty()).toList();
        String date = front.string("date") != null ? front.string("date") : bodyKeys.get("date");
        String title = heading(front.body());
        if (title == null) {
            title = front.string("title") != null ? front.string("title") : "ADR-" + number;
        }
        Integer score = front.integer("priority-score");
        if (score != null && (score < 0 || score > 100)) {
            score = null;
        }
        String normalized = normalizeStatus(status);
        String successor = successor(status);
        if (successor == null && front.values().containsKey("superseded-by")) {
            successor = front.list("superseded-by").stream().map(AdrParser::successorNumber).filter(n -> n != null)
                    .findFirst().orElse(null);
        }
        return new Adr(number, title, normalized, normalized == null || STATUSES.contains(normalized), date, tags,
                score, front.string("priority-band"), front.body(), successor);
    }

    /** {@code #gateway #ux} (hashtags) or {@code a, b} (commas). */
    private static List<String> hashtagsOrCommas(String value) {
        if (value.strip().startsWith("#")) {
            return Arrays.stream(value.split("[\\s,]+")).map(String::strip).filter(s -> !s.isEmpty()).toList();
        }
        return Frontmatter.splitCommas(value);
    }

    /** The first line of a {@code ## Status} section, its bullet and bold markers removed; null when none. */
    private static String statusSection(String body) {
        for (String line : MarkdownSections.of(body).get("Status").split("\n")) {
            String t = line.strip().replaceFirst("^[-*+]\\s+", "").replace("**", "").replace("__", "").strip();
            if (!t.isEmpty()) {
                return t;
            }
        }
        return null;
    }

    private static String successor(String status) {
        if (status == null) {
            return null;
        }
        Matcher m = SUCCESSOR.matcher(status);
        return m.find() ? pad(m.group(1)) : null;
    }

    private static String successorNumber(String value) {
        Matcher m = Pattern.compile("(\\d{1,4})").matcher(value);
        return m.find() ? pad(m.group(1)) : null;
    }

    private static String pad(String digits) {
        return "0".repeat(Math.max(0, 4 - digits.length())) + digits;
    }

    private Adr scraped(String number, Matcher scraped, String text) {
        if (!scraped.group(1).equals(number)) {
            throw new VaultFileException("first line says ADR-" + scraped.group(1) + " but the file name says " + number);
        }
        String status = normalizeStatus(scraped.group(2));
        String title = heading(text);
        if (title == null) {
            title = text.lines().skip(1).map(String::strip).filter(l -> !l.isEmpty()).findFirst().orElse("ADR-" + number);
        }
        return new Adr(number, title, status, STATUSES.contains(status), null, List.of(), null, null, text, null);
    }

    /**
     * {@code Key: value} lines of the body before the first {@code ## }, plain or bold ({@code **Key:** value},
     * {@code - **Key**: value}); keys lower-cased; the last one wins.
     */
    private static Map<String, String> bodyKeys(String body) {
        Map<String, String> keys = new LinkedHashMap<>();
        for (String line : body.split("\n")) {
            if (line.startsWith("## ")) {
                break;
            }
            String t = line.strip();
            Matcher bold = BOLD_KEY.matcher(t);
            Matcher m = BODY_KEY.matcher(t);
            if (bold.matches()) {
                keys.put(bold.group(2).strip().toLowerCase(Locale.ROOT), bold.group(3).strip());
            } else if (m.matches()) {
                keys.put(m.group(1).strip().toLowerCase(Locale.ROOT), m.group(2).strip());
            }
        }
        return keys;
    }

    static String heading(String body) {
        for (String line : body.split("\n")) {
            if (line.startsWith("# ")) {
                String title = line.substring(2).strip();
                return title.isEmpty() ? null : title;
            }
        }
        return null;
    }

    /**
     * Lower case, spaces and hyphens as {@code _}; a value that starts with a known status followed by anything
     * but a letter maps to that status ({@code superseded by 0033}, {@code Accepted ✅}, {@code shipped (2026-02)}).
     */
    static String normalizeStatus(String status) {
        if (status == null || status.isBlank()) {
            return null;
        }
        String s = status.strip().replaceAll("^[*_`\"']+|[*_`\"']+$", "").strip().toLowerCase(Locale.ROOT)
                .replace(' ', '_').replace('-', '_');
        if (s.isEmpty() || STATUSES.contains(s)) {
            return s.isEmpty() ? null : s;
        }
        String best = null;
        for (String known : STATUSES) {
            if (s.startsWith(known) && !Character.isLetter(s.charAt(known.length()))
                    && (best == null || known.length() > best.length())) {
                best = known;
            }
        }
        return best != null ? best : s;
    }
}
