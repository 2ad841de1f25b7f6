package services.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.errors.ConsoleException;
import services.knowledge.KnowledgeDoc;
import services.notes.TurnNoteLog;
import services.reach.LessonLog;
import services.watchdog.JsonlOtelEvents;

/**
 * Every JSON-lines reader of the console besides the decision log ({@code DecisionLogTest}): a byte-order mark
 * before the first line costs nothing, and a line holding two objects is reported naming the file and the line,
 * never read as its first object only.
 */
class JsonLinesReadersTest {

    private static final String TURN = "{\"id\":\"turn:%s\",\"type\":\"turn_note\",\"title\":\"t\",\"content\":\"c\","
            + "\"source\":\"s\",\"created_at\":1}";
    private static final String LESSON = "{\"id\":\"lesson:%s\",\"to\":\"proven\",\"by\":\"rule\"}";

    @TempDir
    Path tmp;

    @Test
    void theLessonLogReadsItsFirstTransitionAfterAByteOrderMarkAndRefusesALineOfTwo() throws Exception {
        Path state = Files.createDirectories(tmp.resolve("state"));
        Files.write(state.resolve(LessonLog.FILE), withBom(LESSON.formatted("a") + "\n" + LESSON.formatted("b") + "\n"));
        assertThat(new LessonLog(state).read()).extracting(LessonLog.Transition::id).containsExactly("lesson:a", "lesson:b");

        Files.writeString(state.resolve(LessonLog.FILE), LESSON.formatted("a") + "\n" + LESSON.formatted("b")
                + LESSON.formatted("c") + "\n");
        assertThat(assertThrows(ConsoleException.class, () -> new LessonLog(state).read()).getMessage())
                .isEqualTo(state.resolve(LessonLog.FILE) + " line 2: not a transition: more than one JSON value on the line");
    }

    @Test
    void theTurnNoteLogReadsItsFirstNoteAfterAByteOrderMarkAndNamesALineOfTwo() throws Exception {
        Path state = Files.createDirectories(tmp.resolve("state"));
        Files.write(state.resolve(TurnNoteLog.FILE), withBom(TURN.formatted("a") + "\n" + TURN.formatted("b") + "\n"));
        List<KnowledgeDoc> docs = new ArrayList<>();
        assertThat(new TurnNoteLog(state).read(docs::addAll)).isEmpty();
        assertThat(docs).extracting(KnowledgeDoc::id).containsExactly("turn:a", "turn:b");

        Files.writeString(state.resolve(TurnNoteLog.FILE), TURN.formatted("a") + "\n" + TURN.formatted("b")
                + TURN.formatted("c") + "\n" + TURN.formatted("d") + "\n");
        docs.clear();
        assertThat(new TurnNoteLog(state).read(docs::addAll))
                .containsExactly("turn-notes.jsonl line 2: more than one JSON value on the line — skipped");
        assertThat(docs).extracting(KnowledgeDoc::id).containsExactly("turn:a", "turn:d");
    }

    @Test
    void otelEventFilesReadTheirFirstEventAfterAByteOrderMarkAndNameALineOfTwo() throws Exception {
        Path otel = Files.createDirectories(tmp.resolve("otel"));
        String event = "{\"timestamp\": 179500000000%d, \"action\": \"x\"}";
        Files.write(otel.resolve("a.jsonl"), withBom(event.formatted(1) + "\n" + event.formatted(2) + "\n"));
        Files.writeString(otel.resolve("b.jsonl"), event.formatted(3) + "\n" + event.formatted(4) + event.formatted(5)
                + "\n" + event.formatted(6) + "\n");
        var window = new JsonlOtelEvents(otel).window(0, Long.MAX_VALUE);
        assertThat(window.problems()).containsExactly("b.jsonl line 2: more than one JSON value on the line — skipped");
        assertThat(window.scanned()).isEqualTo(4);
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
