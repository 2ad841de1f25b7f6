package services.vault;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad and odd input at the file and YAML level; each message is asserted. */
class FrontmatterAndFileTextTest {

    @TempDir
    Path dir;

    private static String reason(Runnable r) {
        return assertThrows(VaultFileException.class, r::run).reason();
    }

    @Test
    void brokenYamlGivesTheLineInTheFile() {
        assertThat(reason(() -> Frontmatter.parse("---\nstatus: x\ntags: [a, b\n---\nbody")))
                .startsWith("broken YAML frontmatter at line ").contains("flow sequence");
        assertEquals("frontmatter starts with '---' on line 1 but is never closed",
                reason(() -> Frontmatter.parse("---\nstatus: x\n")));
        assertEquals("frontmatter is not a list of 'key: value' lines", reason(() -> Frontmatter.parse("---\n- a\n---\n")));
    }

    @Test
    void duplicateKeysAndDeepNestingAreRefusedAndAliasBombsStaySmall() {
        assertThat(reason(() -> Frontmatter.parse("---\nstatus: a\nstatus: b\n---\n"))).startsWith("broken YAML frontmatter")
                .containsIgnoringCase("duplicate");
        StringBuilder bomb = new StringBuilder("---\na: &a [x, x, x, x, x, x, x, x, x]\n");
        char prev = 'a';
        for (char c = 'b'; c <= 'k'; c++) {
            bomb.append(c).append(": &").append(c).append(" [*").append(prev).append(", *").append(prev)
                    .append(", *").append(prev).append(", *").append(prev).append("]\n");
            prev = c;
        }
        bomb.append("---\n");
        // Jackson YAML never expands aliases (an alias reads as its anchor's name), so the bomb stays small.
        Frontmatter parsed = Frontmatter.parse(bomb.toString());
        assertEquals(List.of("j", "j", "j", "j"), parsed.list("k"));
        String deep = "---\nx: " + "[".repeat(200) + "]".repeat(200) + "\n---\n";
        assertThat(reason(() -> Frontmatter.parse(deep))).startsWith("broken YAML frontmatter");
    }

    @Test
    void listsComeInlineAsBlocksOrAsCommaText() {
        Frontmatter f = Frontmatter.parse("---\na: [x, y]\nb:\n  - z\nc: p, q\nd: 7\n---\nbody\n");
        assertEquals(List.of("x", "y"), f.list("a"));
        assertEquals(List.of("z"), f.list("b"));
        assertEquals(List.of("p", "q"), f.list("c"));
        assertEquals(7, f.integer("d"));
        assertEquals("body\n", f.body());
        assertFalse(Frontmatter.parse("no front matter").present());
    }

    @Test
    void aMappingOrABooleanWhereAListBelongsIsRefusedNamingTheKeyNeverReadAsText() {
        Frontmatter f = Frontmatter.parse("---\nevidence: {a: b}\nflag: true\nitems: [ok, {a: b}]\nnested: [[x]]\n"
                + "n: 5\nt: true\nf: 1.10\nw: 12\n---\n");
        assertEquals("frontmatter 'evidence' must be a list, found a mapping", reason(() -> f.list("evidence")));
        assertEquals("frontmatter 'flag' must be a list, found true (a boolean)", reason(() -> f.list("flag")));
        assertEquals("frontmatter 'items' item 2 must be text, found a mapping", reason(() -> f.list("items")));
        assertEquals("frontmatter 'nested' item 1 must be text, found a list", reason(() -> f.list("nested")));
        assertEquals(List.of("5"), f.list("n"), "a vault's single number stays a one-item list (superseded-by: 12)");
        assertEquals("frontmatter 'n' must be a list, found the number 5", reason(() -> f.textList("n")));
        assertEquals("frontmatter 't' must be text, found true (a boolean)", reason(() -> f.text("t")));
        assertEquals("frontmatter 'f' must be text, found the number 1.1; quote it to keep it as written",
                reason(() -> f.text("f")));
        assertEquals("12", f.text("w"));
    }

    @Test
    void bomAndCrlfAreNormalised() throws Exception {
        Path file = dir.resolve("a.md");
        Files.write(file, "\uFEFF---\r\nstatus: ok\r\n---\r\nbody\r\n".getBytes(StandardCharsets.UTF_8));
        FileText text = FileText.read(file, FileText.DEFAULT_LIMIT);
        assertEquals("---\nstatus: ok\n---\nbody\n", text.text());
        assertEquals("ok", Frontmatter.parse(text.text()).string("status"));
    }

    @Test
    void invalidUtf8BinaryAndOversizedFilesAreRefused() throws Exception {
        Path latin1 = dir.resolve("l.md");
        Files.write(latin1, "caf\u00e9".getBytes(StandardCharsets.ISO_8859_1));
        assertEquals("not valid UTF-8 (bad byte at offset 3)", reason(() -> FileText.read(latin1, 1000)));
        Path binary = dir.resolve("b.md");
        Files.write(binary, new byte[] {'P', 'N', 'G', 0, 1});
        assertEquals("binary content (a NUL byte at offset 3), not a text file", reason(() -> FileText.read(binary, 1000)));
        Path big = dir.resolve("big.md");
        Files.write(big, new byte[3 * 1024]);
        assertEquals("file is too large (3 KiB; the limit is 2 KiB)", reason(() -> FileText.read(big, 2048)));
    }

    @Test
    void symlinkLoopsAndVanishedFilesAreReported() throws Exception {
        Path a = dir.resolve("a.md");
        Path b = dir.resolve("b.md");
        Files.createSymbolicLink(a, b);
        Files.createSymbolicLink(b, a);
        assertThat(reason(() -> FileText.read(a, 1000))).startsWith("symbolic link loop");
        assertEquals("file was removed while reading", reason(() -> FileText.read(dir.resolve("gone.md"), 1000)));
    }
}
