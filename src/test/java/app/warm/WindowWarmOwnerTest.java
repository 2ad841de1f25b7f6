package app.warm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.stage.Stage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import views.UiHarness;

/** An open window answers the command line's searches on its workspace's socket, and removes it when it closes. */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class WindowWarmOwnerTest {

    @TempDir
    static Path tmp;

    private Path home;
    private UiHarness ui;

    @Start
    void start(Stage stage) {
        home = tmp.resolve("w" + System.nanoTime());
        ui = new UiHarness(stage, home);
    }

    @Test
    void theOpenWindowAnswersASearchAndAFailedList(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        Path socket = WarmProtocol.socket(ui.workspace.toAbsolutePath().normalize());
        UiHarness.waitUntil(() -> Files.exists(socket));
        for (List<String> command : List.of(List.of("search", "idempotency", "--json"), List.of("failed", "list"))) {
            WarmProtocol.Answer answer = WarmClient.ask(socket, new WarmProtocol.Request(
                    ui.workspace.toAbsolutePath().normalize().toString(), home.resolve("config").toString(),
                    home.resolve("data").toString(), System.getenv(), command), 60_000);
            assertTrue(answer.answered(), String.valueOf(answer.declined()));
            assertEquals(0, answer.exitCode(), answer.err());
            assertThat(answer.out()).contains(command.get(0).equals("search") ? "\"hits\"" : "failed targets");
        }
        ui.close(robot);
        assertFalse(Files.exists(socket));
    }
}
