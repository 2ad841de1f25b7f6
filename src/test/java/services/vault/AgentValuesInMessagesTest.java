package services.vault;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import java.time.Instant;
import services.reach.LoopHistory;
import services.text.PlainText;

/**
 * Every message built from a value an agent wrote into a vault file is one line, escaped and bounded: a retro count
 * or date holding a line break, U+2028, NEL, an escape sequence or a bidi override cannot print a second line (a
 * forged "all good") or reorder what is shown, and a 100,000-character value is cut.
 */
class AgentValuesInMessagesTest {

    @TempDir
    Path tmp;

    static void assertOneLineBounded(String message) {
        assertThat(message.codePoints().filter(c -> PlainText.unsafe(c) || Character.getType(c) == Character.FORMAT))
                .as(message).isEmpty();
        assertThat(message.length()).as("bounded").isLessThan(700);
    }

    private static String retro(String completed, String date) {
        return "---\nloopId: loop-x\nproject: joelclaw\ndate: " + date + "\nstoriesCompleted: " + completed
                + "\nstoriesFailed: 1\nstoriesSkipped: 0\n---\n## Summary\n\nS.\n";
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"5\\LFAKE: all good\\n\\e[2Jx\\x85z\"", "\"5\\u2029\\u202Eevil\"", "\"5\\u200Fx\\u061C\"",
            "\"9\\r\\nsecond\"", "many"})
    void aRetroCountHoldingLineBreaksOrControlsIsReportedOnOneLine(String value) {
        VaultFileException e = assertThrows(VaultFileException.class,
                () -> new RetroParser().parseRetro("loop-x", retro(value, "2026-11-01")));

        assertThat(e.getMessage()).contains("'storiesCompleted'");
        assertOneLineBounded(e.getMessage());
    }

    @Test
    void aHugeRetroCountIsCut() {
        VaultFileException e = assertThrows(VaultFileException.class,
                () -> new RetroParser().parseRetro("loop-x", retro("\"" + "9".repeat(100_000) + "x\"", "2026-11-01")));

        assertOneLineBounded(e.getMessage());
    }

    @Test
    void aReasonBuiltAnywhereIsOneLineAndBounded() {
        assertOneLineBounded(new VaultFileException("found \"a\nb\u2028c\u202Ed" + "x".repeat(5000) + "\"").reason());
    }

    @Test
    void aRetroDateHoldingALineBreakIsReportedOnOneLine() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("retros"));
        Files.writeString(dir.resolve("loop-x.md"), retro("5", "\"nope\\LInjected line\\x85NEL\\e]0;t\\a\""));

        Files.writeString(dir.resolve("loop-y\u2028fake.md"), retro("\"x\"", "2026-11-01"));

        LoopHistory.Loaded loaded = new LoopHistory(dir, null).load(Instant.EPOCH, Instant.parse("2026-11-28T00:00:00Z"));

        assertThat(loaded.problems()).hasSize(2).anyMatch(p -> p.contains("loop-x.md"));
        loaded.problems().forEach(AgentValuesInMessagesTest::assertOneLineBounded);
    }
}
