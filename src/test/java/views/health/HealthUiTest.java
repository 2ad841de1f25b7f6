package views.health;

import java.util.UUID;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import org.junit.jupiter.api.Tag;
import views.UiHarness;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import viewmodels.health.EvidenceRow;
import viewmodels.health.FindingRow;
import viewmodels.health.JobRow;

/** The Health screen: run the watchdog now, see its findings and evidence; edit a schedule with validation. */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class HealthUiTest {

    @TempDir
    static Path tmp;

    private UiHarness harness;

    @Start
    void start(Stage stage) throws IOException {
        harness = new UiHarness(stage, tmp.resolve("health-" + System.nanoTime()));
        // Half of the eligible turns of the last hour were written: the compliance check must warn. The demo's events
        // are a spool folder of {event, queuedAt} files; these join it.
        long now = System.currentTimeMillis();
        for (int i = 0; i < 10; i++) {
            spool(now - 600_000 + i, "gateway.knowledge-turn", "knowledge.turn_write.eligible", "{\"turnId\":\"gateway:ui:" + i + "\"}");
            if (i < 5) {
                spool(now - 590_000 + i, "knowledge-turn-write", "knowledge.turn_write.completed",
                        "{\"turn_id\":\"gateway:ui:" + i + "\"}");
            }
        }
    }

    private void spool(long ts, String component, String action, String metadata) throws IOException {
        String id = UUID.randomUUID().toString();
        Files.writeString(harness.workspace.resolve("spool/otel/" + ts + "-" + id + ".json"), "{\"event\":{\"id\":\""
                + id + "\",\"timestamp\":" + ts + ",\"level\":\"info\",\"source\":\"gateway\",\"component\":\""
                + component + "\",\"action\":\"" + action + "\",\"success\":true,\"metadata\":" + metadata
                + "},\"queuedAt\":" + ts + "}");
    }

    @SuppressWarnings("unchecked")
    private static TableView<FindingRow> findings(FxRobot robot) {
        return robot.lookup("#health-findings").queryAs(TableView.class);
    }

    @Test
    void runningTheWatchdogNowShowsItsFindingsWithEvidence(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT7).release(KeyCode.DIGIT7, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#health-run").tryQuery().map(n -> n.getScene() != null).orElse(false));
        robot.clickOn("#health-run");
        UiHarness.waitUntil(() -> findings(robot).getItems().stream()
                .anyMatch(f -> f.check().equals("turn-write-compliance") && f.severity().equals("WARNING")));
        assertThat(findings(robot).getItems()).hasSize(8);
        assertThat(findings(robot).getItems().get(0).severity()).isEqualTo("WARNING"); // worst first
        // the demo reads only its spool, an outbox: never OK, and said so (running-system.md part 6)
        assertThat(findings(robot).getItems()).filteredOn(f -> f.check().equals("otel-events")).singleElement()
                .satisfies(f -> {
                    assertThat(f.severity()).isEqualTo("WARNING");
                    assertThat(f.message()).startsWith("Only the OTEL spool ").contains("undelivered");
                });
        assertThat(robot.lookup("#health-summary").queryAs(Label.class).getText()).containsPattern("0 errors, \\d warnings")
                .doesNotContain("healthy");

        robot.interact(() -> findings(robot).getSelectionModel().select(findings(robot).getItems().stream()
                .filter(f -> f.check().equals("turn-write-compliance")).findFirst().orElseThrow()));
        @SuppressWarnings("unchecked")
        ListView<EvidenceRow> evidence = robot.lookup("#health-evidence").queryAs(ListView.class);
        UiHarness.waitUntil(() -> !evidence.getItems().isEmpty());
        assertThat(evidence.getItems().get(0).text()).endsWith("gateway.knowledge-turn · knowledge.turn_write.eligible")
                .contains(".json line 1: ").doesNotContainPattern("\\d{4}-\\d\\d-\\d\\dT\\d\\d:")
                .containsPattern("line 1: \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d · "); // an event's time, as the window writes one

        assertThat(findings(robot).getItems()).allSatisfy(f -> assertThat(f.trend()).isNotEmpty().last().isEqualTo(f.severity()));

        // Ctrl+R runs it again; the watchdog job's history grows.
        @SuppressWarnings("unchecked")
        TableView<JobRow> jobs = robot.lookup("#health-jobs").queryAs(TableView.class);
        assertThat(jobs.getItems()).extracting(JobRow::id).containsExactly("sync", "watchdog", "policy", "reach");
        robot.interact(() -> jobs.getSelectionModel().select(1));
        @SuppressWarnings("unchecked")
        ListView<String> history = robot.lookup("#health-job-history").queryAs(ListView.class);
        int before = history.getItems().size();
        robot.clickOn("#health-run").press(KeyCode.CONTROL, KeyCode.R).release(KeyCode.R, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> history.getItems().size() > before);
        assertThat(history.getItems().get(0)).contains("manual").contains("  Warning  "); // in words, as the badges say it
    }

    @Test
    void aNewWarningRaisesANotificationInTheWindowThatLeadsToHealth(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        assertThat(robot.lookup("#toast").query().isVisible()).isFalse();
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT7).release(KeyCode.DIGIT7, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#health-run").tryQuery().map(n -> n.getScene() != null).orElse(false));
        robot.clickOn("#health-run");
        UiHarness.waitUntil(() -> robot.lookup("#toast").query().isVisible());
        assertThat(robot.lookup("#toast-title").queryAs(Label.class).getText()).isEqualTo("Watchdog");
        assertThat(robot.lookup("#toast-text").queryAs(Label.class).getText()).contains("WARNING").contains("95.0%");

        // It stays over whichever screen is open; its button leads back to Health and it goes away.
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT1).release(KeyCode.DIGIT1, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#nav-inbox").queryAs(ToggleButton.class).isSelected());
        assertThat(robot.lookup("#toast").query().isVisible()).isTrue();
        robot.clickOn("#toast-open");
        UiHarness.waitUntil(() -> robot.lookup("#nav-health").queryAs(ToggleButton.class).isSelected());
        assertThat(robot.lookup("#toast").query().isVisible()).isFalse();

        // A second run brings nothing new: no notification. The close button dismisses one without leaving the screen.
        robot.clickOn("#health-run");
        UiHarness.waitUntil(() -> robot.lookup("#health-summary").queryAs(Label.class).getText().matches("(?s).*0 errors, \\d warnings.*"));
        robot.interact(() -> { }); // the run's results and any alert are delivered on the FX thread
        assertThat(robot.lookup("#toast").query().isVisible()).isFalse();
    }

    @Test
    void anInvalidScheduleIsRefusedWithItsReasonAndAValidOneIsSaved(FxRobot robot) throws IOException {
        UiHarness.waitForIndex(robot);
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT7).release(KeyCode.DIGIT7, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#health-jobs").tryQuery().map(n -> n.getScene() != null).orElse(false));
        @SuppressWarnings("unchecked")
        TableView<JobRow> jobs = robot.lookup("#health-jobs").queryAs(TableView.class);
        robot.interact(() -> jobs.getSelectionModel().select(0));
        robot.doubleClickOn("#health-schedule").eraseText(12).write("every night").clickOn("#health-schedule-save");
        UiHarness.waitUntil(() -> robot.lookup("#health-schedule-error").queryAs(Label.class).getText()
                .contains("not a valid cron expression"));
        Label reason = robot.lookup("#health-schedule-error").queryAs(Label.class);
        // walk: "…is not a valid cron expression: Cron ..." — the reason was cut off; every line of it shows
        UiHarness.waitUntil(() -> reason.getHeight() >= reason.prefHeight(reason.getWidth()) - 0.5);
        assertThat(Files.readString(harness.workspace.resolve("workspace.json"))).doesNotContain("every night");

        robot.interact(() -> robot.lookup("#health-schedule").queryAs(TextField.class).setText("30 2 * * *"));
        robot.clickOn("#health-schedule-save");
        UiHarness.waitUntil(() -> robot.lookup("#health-schedule-error").queryAs(Label.class).getText().isEmpty());
        assertThat(jobs.getItems().get(0).schedule()).isEqualTo("30 2 * * *");
        assertThat(Files.readString(harness.workspace.resolve("workspace.json"))).contains("\"sync\": \"30 2 * * *\"");
    }
}
