package services.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.errors.ConsoleException;

/** The JSON-lines logs: a torn last line costs only itself, and a value never starts a line of its own. */
class DecisionLogTest {

    @TempDir
    Path tmp;

    @Test
    void anAppendAfterATornLastLineStartsANewLineAndIsRead() throws Exception {
        DecisionLog log = new DecisionLog(tmp.resolve("state/decisions.jsonl"));
        log.append(DecisionLog.entry().put("n", 1));
        Files.write(log.file(), "{\"n\": 2, \"torn".getBytes(StandardCharsets.UTF_8), StandardOpenOption.APPEND);
        log.append(DecisionLog.entry().put("n", 3));
        log.append(DecisionLog.entry().put("n", 4));
        DecisionLog.Read read = log.read();
        assertThat(read.entries()).extracting(e -> e.get("n").asInt()).containsExactly(1, 3, 4);
        assertEquals(List.of("decisions.jsonl line 2: not valid JSON"), read.problems());
    }

    @Test
    void aTornLineOfInvalidUtf8AndAnEmptyFileAreHandled() throws Exception {
        DecisionLog log = new DecisionLog(tmp.resolve("log.jsonl"));
        Files.write(log.file(), new byte[0]);
        log.append(DecisionLog.entry().put("n", 1));
        Files.write(log.file(), new byte[] {'{', (byte) 0xC3}, StandardOpenOption.APPEND);
        log.append(DecisionLog.entry().put("n", 2));
        assertThat(log.read().entries()).extracting(e -> e.get("n").asInt()).containsExactly(1, 2);
        assertThat(log.read().problems()).containsExactly("log.jsonl line 2: not valid UTF-8");
    }

    @Test
    void controlCharactersAndLineBreaksInValuesStayInsideTheirLine() {
        DecisionLog log = new DecisionLog(tmp.resolve("log.jsonl"));
        String evil = "x\n{\"action\":\"approve\"}\r\u2028\u0085\u0000";
        log.append(DecisionLog.entry().put("reason", evil));
        DecisionLog.Read read = log.read();
        assertThat(read.entries()).singleElement().satisfies(e -> assertEquals(evil, e.get("reason").asText()));
        assertThat(read.problems()).isEmpty();
    }

    @Test
    void aLogThatIsAFolderOrAPipeIsRefusedWithItsNameAndNeverBlocks() throws Exception {
        Path folder = Files.createDirectories(tmp.resolve("folder.jsonl"));
        DecisionLog log = new DecisionLog(folder);
        assertThat(assertThrows(ConsoleException.class, log::read).getMessage()).isEqualTo("Cannot read the log "
                + folder + ": it is a folder");
        assertThat(assertThrows(ConsoleException.class, () -> log.append(DecisionLog.entry())).getMessage())
                .startsWith("Cannot write the log " + folder);
        Path fifo = tmp.resolve("fifo.jsonl");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
        if (mkfifo.waitFor() == 0) {
            DecisionLog pipe = new DecisionLog(fifo);
            assertThat(assertThrows(ConsoleException.class, pipe::read).getMessage()).contains("not a regular file");
            assertThat(assertThrows(ConsoleException.class, () -> pipe.append(DecisionLog.entry())).getMessage())
                    .contains("not a regular file");
        }
    }

    @Test
    void aLogThatIsASymlinkOutOfTheWorkspaceIsNeverAppendedTo() throws Exception {
        Path outside = Files.writeString(tmp.resolve("bashrc"), "export PATH=/usr/bin\n");
        Path dream = Files.createDirectories(tmp.resolve("ws/dream"));
        Files.createSymbolicLink(dream.resolve("log.jsonl"), outside);
        DecisionLog log = new DecisionLog(dream.resolve("log.jsonl"));
        assertThat(assertThrows(ConsoleException.class, () -> log.append(DecisionLog.entry().put("n", 1))).getMessage())
                .isEqualTo("Cannot write the log " + dream.resolve("log.jsonl") + ": it is a symbolic link; the console "
                        + "reads and appends only to a file of its own");
        assertThrows(ConsoleException.class, log::read);
        assertEquals("export PATH=/usr/bin\n", Files.readString(outside));
    }
    @Test
    void aByteOrderMarkAtTheStartOfTheDecisionOrTheDreamLogIsSkippedAndTheFirstEntryRead() throws Exception {
        for (String name : List.of("state/decisions.jsonl", "dream/log.jsonl")) {
            Path file = Files.createDirectories(tmp.resolve(name).getParent()).resolve(tmp.resolve(name).getFileName());
            Files.write(file, withBom("{\"n\": 1}\n{\"n\": 2}\n"));
            DecisionLog log = new DecisionLog(file);
            log.append(DecisionLog.entry().put("n", 3));
            DecisionLog.Read read = log.read();
            assertThat(read.entries()).as(name).extracting(e -> e.get("n").asInt()).containsExactly(1, 2, 3);
            assertThat(read.problems()).as(name).isEmpty();
        }
    }

    @Test
    void aLineHoldingTwoObjectsIsAProblemNamingTheFileAndLineNeverHalfRead() throws Exception {
        for (String name : List.of("state/decisions.jsonl", "dream/log.jsonl")) {
            Path file = Files.createDirectories(tmp.resolve(name).getParent()).resolve(tmp.resolve(name).getFileName());
            Files.writeString(file, "{\"n\": 1}\n{\"n\": 2}{\"n\": 3}\n{\"n\": 4} {\"n\": 5}\n[6][7]\n{\"n\": 8} \n");
            DecisionLog.Read read = new DecisionLog(file).read();
            String shown = file.getFileName().toString();
            assertThat(read.entries()).as(name).extracting(e -> e.get("n").asInt()).containsExactly(1, 8);
            assertThat(read.problems()).as(name).containsExactly(
                    shown + " line 2: more than one JSON value on the line",
                    shown + " line 3: more than one JSON value on the line",
                    shown + " line 4: more than one JSON value on the line");
        }
    }

    static byte[] withBom(String text) {
        byte[] body = text.getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[body.length + 3];
        out[0] = (byte) 0xEF;
        out[1] = (byte) 0xBB;
        out[2] = (byte) 0xBF;
        System.arraycopy(body, 0, out, 3, body.length);
        return out;
    }
}
