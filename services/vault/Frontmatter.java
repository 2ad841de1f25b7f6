package services.vault;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.yaml.snakeyaml.LoaderOptions;

/**
 * Splits YAML frontmatter ({@code ---} lines at the top) from the body and parses it with Jackson YAML. Broken YAML
 * is reported with its line number in the file; alias bombs, deep nesting and duplicate keys are refused
 * ({@link #parseRepeatable} lets a top-level key be written twice with the same value).
 */
public record Frontmatter(Map<String, Object> values, String body, boolean present) {

    private static final ObjectMapper YAML;
    /** As {@link #YAML} but a parser that lets keys repeat: {@link #readRepeatable} checks each repeat itself. */
    private static final ObjectMapper REPEATS;

    static {
        LoaderOptions options = new LoaderOptions();
        options.setCodePointLimit(1_000_000);
        options.setAllowDuplicateKeys(false);
        // Jackson reads YAML events itself (no SnakeYAML composer): aliases are never expanded, and nesting is
        // bounded by Jackson's own read constraints.
        YAML = new ObjectMapper(YAMLFactory.builder().loaderOptions(options)
                .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(40).build())
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build());
        LoaderOptions repeats = new LoaderOptions();
        repeats.setCodePointLimit(1_000_000);
        repeats.setAllowDuplicateKeys(true); // Jackson's YAML parser turns duplicate detection on when this is false
        REPEATS = new ObjectMapper(YAMLFactory.builder().loaderOptions(repeats)
                .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(40).build()).build())
                .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY);
    }

    public static Frontmatter parse(String text) {
        return parse(text, false);
    }

    /**
     * As {@link #parse}, for files a person keeps rather than an agent's proposals (Brain pages): a top-level key
     * written twice with the same value ({@code closed_at: "2026-07-13"} twice, as a real page has it) means one
     * thing and is read once; written twice with different values it is refused, naming the key — which one was
     * meant cannot be known. A repeated key inside a nested mapping is refused as {@link #parse} refuses it.
     */
    public static Frontmatter parseRepeatable(String text) {
        return parse(text, true);
    }

    private static Frontmatter parse(String text, boolean repeatable) {
        if (!text.startsWith("---\n") && !text.equals("---")) {
            return new Frontmatter(Map.of(), text, false);
        }
        int end = text.indexOf("\n---", 3);
        while (end >= 0 && !(end + 4 == text.length() || text.charAt(end + 4) == '\n')) {
            end = text.indexOf("\n---", end + 4);
        }
        if (end < 0) {
            throw new VaultFileException("frontmatter starts with '---' on line 1 but is never closed");
        }
        String yaml = text.substring(4, end + 1);
        String body = end + 5 >= text.length() ? "" : text.substring(end + 5);
        if (yaml.isBlank()) {
            return new Frontmatter(Map.of(), body, true);
        }
        Object parsed;
        try {
            parsed = repeatable ? readRepeatable(yaml) : YAML.readValue(yaml, Object.class);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            String line = at == null || at.getLineNr() < 1 ? "" : " at line " + (at.getLineNr() + 1);
            String why = e.getOriginalMessage() != null && e.getOriginalMessage().contains("nesting depth")
                    ? "nested more than 40 levels deep" : firstLine(e.getOriginalMessage());
            throw new VaultFileException("broken YAML frontmatter" + line + ": " + why);
        } catch (IOException e) {
            throw new VaultFileException("broken YAML frontmatter: " + firstLine(e.getMessage()));
        } catch (VaultFileException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new VaultFileException("broken YAML frontmatter: " + firstLine(String.valueOf(e.getMessage())));
        }
        if (parsed == null) {
            return new Frontmatter(Map.of(), body, true);
        }
        if (!(parsed instanceof Map<?, ?> map)) {
            throw new VaultFileException("frontmatter is not a list of 'key: value' lines");
        }
        Map<String, Object> values = new LinkedHashMap<>();
        map.forEach((k, v) -> values.put(String.valueOf(k), v));
        return new Frontmatter(values, body, true);
    }

    private static Object readRepeatable(String yaml) throws IOException {
        try (JsonParser p = REPEATS.createParser(yaml)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return YAML.readValue(yaml, Object.class);
            }
            Map<String, Object> values = new LinkedHashMap<>();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String key = p.currentName();
                int line = p.currentLocation().getLineNr() + 1;
                p.nextToken();
                JsonNode node = REPEATS.readTree(p);
                Object value = node == null || node.isNull() ? null : REPEATS.treeToValue(node, Object.class);
                if (values.containsKey(key) && !Objects.equals(values.get(key), value)) {
                    throw new VaultFileException("frontmatter key '" + key + "' is written twice with different "
                            + "values (again at line " + line + "); which one is meant cannot be told");
                }
                values.put(key, value);
            }
            return values;
        }
    }

    private static String firstLine(String message) {
        String line = message == null ? "" : message.strip().split("\n")[0];
        return line.length() > 160 ? line.substring(0, 157) + "..." : line;
    }

    /** A text key; null when absent or blank. A list or mapping where text belongs is refused with the key named. */
    public String string(String key) {
        Object value = values.get(key);
        if (value == null) {
            return null;
        }
        if (value instanceof List<?> || value instanceof Map<?, ?>) {
            throw new VaultFileException("frontmatter '" + key + "' must be text, found " + (value instanceof List<?>
                    ? "a list" : "a mapping"));
        }
        String text = String.valueOf(value).strip();
        return text.isEmpty() ? null : text;
    }

    /**
     * A text key an agent wrote (a proposal's): as {@link #string}, and a boolean or a number that is not whole is
     * refused with the key named too — its text would not be what was written ({@code 1.10} reads 1.1, {@code 1e5}
     * 100000.0), and a text key is never true or false.
     */
    public String text(String key) {
        Object value = values.get(key);
        if (value instanceof Boolean b) {
            throw new VaultFileException("frontmatter '" + key + "' must be text, found " + b + " (a boolean)");
        }
        if (value instanceof Number n && !(value instanceof Integer || value instanceof Long
                || value instanceof BigInteger)) {
            throw new VaultFileException("frontmatter '" + key + "' must be text, found the number " + n
                    + "; quote it to keep it as written");
        }
        return string(key);
    }

    /**
     * A list key given inline ({@code [a, b]}), as a block list, or as one comma-separated string (a single number
     * too: {@code superseded-by: 12}). A mapping or a boolean where the list belongs, and an item that is a list or a
     * mapping, are refused with the key named — never turned into text such as "{a=b}" nor dropped.
     */
    public List<String> list(String key) {
        Object value = values.get(key);
        if (value == null) {
            return List.of();
        }
        if (value instanceof Map<?, ?> || value instanceof Boolean) {
            throw new VaultFileException("frontmatter '" + key + "' must be a list, found " + kind(value));
        }
        if (value instanceof List<?> items) {
            List<String> out = new ArrayList<>();
            for (int i = 0; i < items.size(); i++) {
                Object item = items.get(i);
                if (item instanceof List<?> || item instanceof Map<?, ?>) {
                    throw new VaultFileException("frontmatter '" + key + "' item " + (i + 1) + " must be text, found "
                            + kind(item));
                }
                String text = item == null ? "" : String.valueOf(item).strip();
                if (!text.isEmpty()) {
                    out.add(text);
                }
            }
            return List.copyOf(out);
        }
        return splitCommas(String.valueOf(value));
    }

    /**
     * A list key an agent wrote (a proposal's {@code evidence}): as {@link #list}, and a number where the list
     * belongs, or a boolean item, is refused with the key named too.
     */
    public List<String> textList(String key) {
        Object value = values.get(key);
        if (value instanceof Number) {
            throw new VaultFileException("frontmatter '" + key + "' must be a list, found " + kind(value));
        }
        if (value instanceof List<?> items) {
            for (int i = 0; i < items.size(); i++) {
                if (items.get(i) instanceof Boolean b) {
                    throw new VaultFileException("frontmatter '" + key + "' item " + (i + 1) + " must be text, found "
                            + kind(b));
                }
            }
        }
        return list(key);
    }

    /** How a refusal names a value of the wrong shape: "a list", "a mapping", "true (a boolean)", "the number 7". */
    public static String kind(Object value) {
        if (value instanceof List<?>) {
            return "a list";
        }
        if (value instanceof Map<?, ?>) {
            return "a mapping";
        }
        if (value instanceof Boolean b) {
            return b + " (a boolean)";
        }
        return value instanceof Number n ? "the number " + n : "text";
    }

    public Integer integer(String key) {
        Object value = values.get(key);
        if (value instanceof Number n) {
            return n.intValue();
        }
        if (value instanceof String s) {
            try {
                return Integer.parseInt(s.strip());
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return null;
    }

    static List<String> splitCommas(String text) {
        String stripped = text.strip();
        if (stripped.startsWith("[") && stripped.endsWith("]")) {
            stripped = stripped.substring(1, stripped.length() - 1);
        }
        return Arrays.stream(stripped.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
    }
}
