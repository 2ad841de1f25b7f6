package services.vault;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a Brain page (running-system.md part 11): an MDsveX file ({@code *.svx}) of YAML frontmatter and markdown,
 * now and then with Svelte in it. The frontmatter is read with the YAML library ({@link Frontmatter}); the searchable
 * text is the markdown with {@code <script>} and {@code <style>} blocks, Svelte component tags
 * ({@code <NoteCallout tone="info">}, {@code <StatusPill />}, {@code <svelte:head>}) and Svelte block lines
 * ({@code {#if …}}, {@code {/if}}) removed — a component's inner text stays, and so does everything inside fenced
 * or inline code, where a tag is an example being shown, not markup. A broken frontmatter or a key of the wrong
 * shape is a {@link VaultFileException} naming the reason.
 */
public final class BrainPageParser {

    /** Privacy values that do not make a page private. */
    private static final List<String> NOT_PRIVATE = List.of("public", "shared");

    private static final Pattern BLOCKS = Pattern.compile(
            "<(script|style|svelte:head)(?:\\s(?:\"[^\"]*\"|'[^']*'|[^>\"'])*)?>.*?</\\1\\s*>",
            Pattern.DOTALL | Pattern.CASE_INSENSITIVE);
    private static final Pattern TAG = Pattern.compile(
            "</?(?:[A-Z][\\w.]*|svelte:[\\w-]+)(?:\\s(?:\"[^\"]*\"|'[^']*'|\\{[^}]*\\}|[^>\"'{])*)?/?>");
    private static final Pattern SVELTE_BLOCK_LINE = Pattern.compile("(?m)^[ \\t]*\\{[#:/@][^}\\n]*\\}[ \\t]*$");
    private static final Pattern FENCE = Pattern.compile("(?m)^[ \\t]{0,3}(```+|~~~+)");
    private static final Pattern INLINE_CODE = Pattern.compile("`+[^`\\n]*`+");
    private static final Pattern HEADING = Pattern.compile("(?m)^#\\s+(.+?)\\s*$");

    /**
     * A page as read.
     *
     * @param title     frontmatter {@code title}, else the first {@code # } heading, else the file's name
     * @param pageType  frontmatter {@code type} ({@code brief}, {@code step}, {@code decision}, …), or null
     * @param status    frontmatter {@code status}, or null
     * @param privacy   frontmatter {@code privacy} as written, or null
     * @param createdAt frontmatter {@code created_at} (else {@code created}, else {@code date}) as written, or null
     * @param parents   frontmatter {@code parent}: the links as written (relative paths, now and then a title)
     * @param blockers  frontmatter {@code blockers}: the links as written
     * @param text      the searchable text
     */
    public record Page(String title, String pageType, String status, String privacy, String createdAt,
                       List<String> parents, List<String> blockers, String text) {
        public Page {
            parents = List.copyOf(parents);
            blockers = List.copyOf(blockers);
        }

        /** {@code privacy} set to anything but public: shown, marked private, never copied to another backend. */
        public boolean isPrivate() {
            return privacy != null && !NOT_PRIVATE.contains(privacy.toLowerCase(Locale.ROOT));
        }
    }

    public Page parse(String fileStem, String raw) {
        String normalized = raw.startsWith("\uFEFF") ? raw.substring(1) : raw;
        normalized = normalized.replace("\r\n", "\n");
        Frontmatter front = Frontmatter.parseRepeatable(normalized);
        String text = searchable(front.body());
        String title = front.string("title");
        if (title == null) {
            Matcher h = HEADING.matcher(text);
            title = h.find() ? h.group(1) : fileStem;
        }
        String created = front.string("created_at");
        created = created != null ? created : front.string("created");
        created = created != null ? created : front.string("updated");
        created = created != null ? created : front.string("date");
        return new Page(title, front.string("type"), front.string("status"), front.string("privacy"), created,
                front.list("parent"), front.list("blockers"), text);
    }

    /** The markdown a reader searches: Svelte markup out, code kept as written. */
    public static String searchable(String body) {
        String noBlocks = BLOCKS.matcher(body).replaceAll("");
        StringBuilder out = new StringBuilder();
        Matcher fence = FENCE.matcher(noBlocks);
        int at = 0;
        while (fence.find(at)) {
            out.append(outsideCode(noBlocks.substring(at, fence.start())));
            String marker = fence.group(1);
            int close = closingFence(noBlocks, fence.end(), marker);
            out.append(noBlocks, fence.start(), close);
            at = close;
        }
        out.append(outsideCode(noBlocks.substring(at)));
        return out.toString().replaceAll("\n{3,}", "\n\n").strip();
    }

    private static int closingFence(String text, int from, String marker) {
        Matcher m = Pattern.compile("(?m)^[ \\t]{0,3}" + Pattern.quote(marker.substring(0, 1)) + "{"
                + marker.length() + ",}[ \\t]*$").matcher(text);
        int lineEnd = text.indexOf('\n', from);
        if (lineEnd < 0 || !m.find(lineEnd + 1)) {
            return text.length();
        }
        return m.end();
    }

    /** Removes tags and block lines from text outside fences, leaving inline code spans as they are. */
    private static String outsideCode(String text) {
        List<String> parts = new ArrayList<>();
        Matcher code = INLINE_CODE.matcher(text);
        int at = 0;
        StringBuilder out = new StringBuilder();
        while (code.find()) {
            out.append(strip(text.substring(at, code.start()))).append(code.group());
            at = code.end();
        }
        out.append(strip(text.substring(at)));
        parts.add(out.toString());
        return String.join("", parts);
    }

    private static String strip(String text) {
        return SVELTE_BLOCK_LINE.matcher(TAG.matcher(text).replaceAll("")).replaceAll("");
    }
}
