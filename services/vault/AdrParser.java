package services.vault;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses an ADR file in any era of formats.md part 3: YAML frontmatter (inline or block tags, deciders or
 * decision-makers, the priority rubric), body lines such as {@code Status: proposed} before the first {@code ## },
 * or the scraped form whose first line glues number and status ({@code ADR-0199accepted}).
 */
public final class AdrParser {

    public static final Pattern FILE_NAME = Pattern.compile("^(\\d{4})-.*\\.md$");
    public static final Set<String> STATUSES = Set.of("proposed", "accepted", "shipped", "superseded", "deprecated",
            "rejected", "implemented", "implementing", "deferred", "in_progress", "researching", "withdrawn");

    private static final Pattern SCRAPED = Pattern.compile("^ADR-(\\d{4})([A-Za-z_ -]+)$");
    private static final Pattern BODY_KEY = Pattern.compile("^([A-Za-z][A-Za-z -]*):\\s*(.+)$");

    public record Adr(String number, String title, String status, boolean statusKnown, String date,
                      List<String> tags, Integer score, String band, String body) {
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
        Map<String, String> bodyKeys = front.present() ? Map.of() : bodyKeys(front.body());
        String status = front.present() ? front.string("status") : bodyKeys.get("status");
        List<String> tags = front.present() ? front.list("tags")
                : Frontmatter.splitCommas(bodyKeys.getOrDefault("tags", ""));
        String date = front.present() ? front.string("date") : bodyKeys.get("date");
        String title = heading(front.body());
        if (title == null) {
            title = front.string("title") != null ? front.string("title") : "ADR-" + number;
        }
        Integer score = front.integer("priority-score");
        if (score != null && (score < 0 || score > 100)) {
            score = null;
        }
        String normalized = normalizeStatus(status);
        return new Adr(number, title, normalized, normalized == null || STATUSES.contains(normalized), date, tags,
                score, front.string("priority-band"), front.body());
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
        return new Adr(number, title, status, STATUSES.contains(status), null, List.of(), null, null, text);
    }

    /** {@code Key: value} lines of the body before the first {@code ## }; keys lower-cased; the last one wins. */
    private static Map<String, String> bodyKeys(String body) {
        Map<String, String> keys = new LinkedHashMap<>();
        for (String line : body.split("\n")) {
            if (line.startsWith("## ")) {
                break;
            }
            Matcher m = BODY_KEY.matcher(line.strip());
            if (m.matches()) {
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

    static String normalizeStatus(String status) {
        if (status == null || status.isBlank()) {
            return null;
        }
        return status.strip().toLowerCase(Locale.ROOT).replace(' ', '_').replace('-', '_');
    }
}
