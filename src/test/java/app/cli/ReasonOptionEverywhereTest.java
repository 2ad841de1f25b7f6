package app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Issue 37: one option word for a reason. Walks every command picocli knows (the whole tree, so a command added
 * later is checked too): an option that takes a reason under any spelling is named {@code --reason}, and
 * {@code --why} is only ever its older alias, accepted wherever {@code --reason} is (one label in the help).
 */
class ReasonOptionEverywhereTest {

    private static final Set<String> REASON_WORDS = Set.of("--why", "--because", "--reasons", "--rationale",
            "--comment", "--message", "--note-reason");

    private static void walk(CommandLine line, List<CommandLine> into) {
        into.add(line);
        line.getSubcommands().values().stream().distinct().forEach(sub -> walk(sub, into));
    }

    @Test
    void everyReasonOptionIsNamedReasonWithWhyOnlyAsItsAlias() {
        List<CommandLine> all = new ArrayList<>();
        walk(RootCommand.commandLine(), all);
        assertThat(all).hasSizeGreaterThan(20);
        List<String> wrong = new ArrayList<>();
        int reasons = 0;
        for (CommandLine line : all) {
            String path = line.getCommandSpec().qualifiedName(" ");
            for (OptionSpec option : line.getCommandSpec().options()) {
                List<String> names = List.of(option.names());
                if (names.contains("--reason")) {
                    reasons++;
                }
                for (String name : names) {
                    if (REASON_WORDS.contains(name) && !names.contains("--reason")) {
                        wrong.add(path + ": " + names);
                    }
                }
                if (names.contains("--reason") && !names.contains("--why")) {
                    wrong.add(path + ": --reason without its alias --why");
                }
                if (names.contains("--reason") && !"REASON".equals(option.paramLabel())) {
                    wrong.add(path + ": --reason shows as " + option.paramLabel());
                }
            }
        }
        assertThat(wrong).as("reason options not named --reason").isEmpty();
        assertThat(reasons).as("commands that take a reason").isGreaterThanOrEqualTo(6);
    }
}
