package architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** No file over 400 lines (house rules): every .java file of the product and of its tests, split by what it does. */
class FileLengthTest {

    static final int MAX_LINES = 400;

    /** The source roots: the product's top-level packages and the tests. */
    private static final List<String> ROOTS = List.of("app", "services", "viewmodels", "views", "src/test/java",
            "src/build");

    @Test
    void noJavaFileIsOver400Lines() throws IOException {
        List<String> tooLong = new ArrayList<>();
        int files = 0;
        for (String root : ROOTS) {
            Path dir = Path.of(root);
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (Stream<Path> walk = Files.walk(dir)) {
                for (Path file : walk.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                    files++;
                    long lines;
                    try (Stream<String> text = Files.lines(file, StandardCharsets.UTF_8)) {
                        lines = text.count();
                    }
                    if (lines > MAX_LINES) {
                        tooLong.add(file + " (" + lines + " lines)");
                    }
                }
            }
        }
        assertThat(files).as("java files found under " + ROOTS).isGreaterThan(100);
        assertThat(tooLong).as("files over " + MAX_LINES + " lines: split each into classes named for what they do")
                .isEmpty();
    }

    @Test
    void theTestSourcesAreCounted() throws IOException {
        try (Stream<Path> walk = Files.walk(Path.of("src/test/java"))) {
            assertThat(walk.anyMatch(f -> f.endsWith("FileLengthTest.java"))).isTrue();
        }
    }
}
