package reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * RELIABILITY.md's bad-input table is the corpus {@link BadInputCorpusTest} runs: the count in its heading, its
 * rows and the README's count are the number of cases in {@link BadInputCases}, and each row names its case.
 */
class ReliabilityDocTest {

    private static final Path ROOT = Path.of("").toAbsolutePath();

    @Test
    void theBadInputTableIsTheCorpus() throws IOException {
        List<Case> cases = BadInputCases.all();
        String reliability = Files.readString(ROOT.resolve("RELIABILITY.md"));

        Matcher heading = Pattern.compile("## Bad input \\((\\d+) cases").matcher(reliability);
        assertThat(heading.find()).as("RELIABILITY.md has a 'Bad input (N cases' heading").isTrue();
        assertThat(Integer.parseInt(heading.group(1))).as("the count in the heading").isEqualTo(cases.size());

        String table = reliability.substring(heading.start(), reliability.indexOf("\n## ", heading.end()));
        List<String> rows = Pattern.compile("`BadInputCorpusTest\\[([a-z0-9-]+)\\]`").matcher(table).results()
                .map(r -> r.group(1)).toList();
        assertThat(rows).as("the table's rows, by case id, in the corpus's order")
                .containsExactlyElementsOf(cases.stream().map(Case::id).toList());

        assertThat(Files.readString(ROOT.resolve("README.md"))).as("the README's count of bad input files")
                .contains(cases.size() + " bad input files");
    }
}
