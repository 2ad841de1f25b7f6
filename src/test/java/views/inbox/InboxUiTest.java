package views.inbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TableView;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import services.review.ReviewService;
import testsupport.Fixtures;
import viewmodels.failed.FailedRow;
import viewmodels.health.FindingRow;
import viewmodels.inbox.InboxRow;
import viewmodels.review.QueueRow;
import views.UiHarness;

/**
 * The inbox, driven like a user on the demo workspace: it is the first screen and has the focus; what waits is listed
 * most urgent first (the protected SOUL.md before every other proposal), in words; the rail shows each section's
 * count; Enter opens Review at the proposal; a proposal decided elsewhere leaves the list and the count follows;
 * Enter on a failed target or a watchdog finding opens its screen with that row selected and focused.
 */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class InboxUiTest {

    @TempDir
    static Path tmp;

    private UiHarness ui;

    @Start
    void start(Stage stage) {
        ui = new UiHarness(stage, tmp.resolve("inbox-" + System.nanoTime()));
    }

    @SuppressWarnings("unchecked")
    private static ListView<InboxRow> inbox(FxRobot robot) {
        return robot.lookup("#inbox-list").queryAs(ListView.class);
    }

    private static List<InboxRow> rows(FxRobot robot) {
        return List.copyOf(inbox(robot).getItems());
    }

    private static long proposals(FxRobot robot) {
        return rows(robot).stream().filter(r -> r.section().equals("review")).count();
    }

    @Test
    void theFirstScreenListsWhatWaitsAndEnterOpensWhereItIsActedOn(FxRobot robot) throws Exception {
        UiHarness.waitForIndex(robot);
        assertThat(robot.lookup("#nav-inbox").queryAs(ToggleButton.class).isSelected()).as("the first screen").isTrue();
        UiHarness.waitUntil(() -> rows(robot).stream().anyMatch(r -> r.kind().equals("failed_target")));
        robot.interact(() -> assertThat(robot.lookup("#inbox-list").query().isFocused()).as("Enter acts at once").isTrue());

        List<InboxRow> rows = rows(robot);
        InboxRow firstProposal = rows.stream().filter(r -> r.kind().equals("proposal")).findFirst().orElseThrow();
        assertThat(firstProposal.what()).isEqualTo("SOUL amendment of SOUL.md");
        assertThat(firstProposal.why()).contains("Protected file");
        assertThat(rows).allSatisfy(r -> {
            assertThat(r.kindWords()).doesNotContain("_");
            assertThat(r.what()).doesNotContain("\n").isNotBlank();
            assertThat(r.why()).doesNotContain("\n");
        });
        assertThat(robot.lookup("#inbox-summary").queryAs(Label.class).getText())
                .isEqualTo(rows.size() + " things need you");
        // the rail: each section's count of what waits there
        UiHarness.waitUntil(() -> robot.lookup("#nav-count-review").queryAs(Label.class).getText()
                .equals(String.valueOf(proposals(robot))));
        assertThat(robot.lookup("#nav-count-review").query().isVisible()).isTrue();
        assertThat(robot.lookup("#nav-count-failed").queryAs(Label.class).getText()).isEqualTo(String.valueOf(
                rows.stream().filter(r -> r.section().equals("failed")).count()));
        assertThat(robot.lookup("#nav-count-amendments").query().isVisible()).as("nothing waits there").isFalse();

        int before = rows(robot).size();
        long proposalsBefore = proposals(robot);
        String lowRisk = rows(robot).stream().filter(r -> r.kind().equals("proposal") && r.why().startsWith("Low risk"))
                .findFirst().orElseThrow().subject();
        // j / k move; Enter opens Review at the selected proposal
        int at = rows.indexOf(firstProposal);
        robot.interact(() -> inbox(robot).getSelectionModel().select(0));
        for (int i = 0; i < at; i++) {
            robot.type(KeyCode.J);
        }
        robot.type(KeyCode.J).type(KeyCode.K);
        UiHarness.waitUntil(() -> inbox(robot).getSelectionModel().getSelectedIndex() == at);
        robot.type(KeyCode.ENTER);
        UiHarness.waitUntil(() -> robot.lookup("#nav-review").queryAs(ToggleButton.class).isSelected());
        UiHarness.waitUntil(() -> {
            QueueRow selected = robot.lookup("#review-queue").queryAs(ListView.class).getSelectionModel()
                    .getSelectedItem() instanceof QueueRow q ? q : null;
            return selected != null && selected.id().equals(firstProposal.subject());
        });

        // decided elsewhere (another console, the command line): it leaves the inbox, and the count follows
        var workspace = Fixtures.loader().load(ui.workspace);
        new ReviewService(workspace, Fixtures.CLOCK).reject(lowRisk, "joel", "not now");
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT1).release(KeyCode.DIGIT1, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> rows(robot).size() == before - 1);
        assertThat(rows(robot)).noneMatch(r -> lowRisk.equals(r.subject()));
        UiHarness.waitUntil(() -> robot.lookup("#nav-count-review").queryAs(Label.class).getText()
                .equals(String.valueOf(proposalsBefore - 1)));

        // every item is one key from where it is acted on: a failed target and a finding open selected, focused
        InboxRow target = enterOn(robot, "failed_target");
        UiHarness.waitUntil(() -> robot.lookup("#nav-failed").queryAs(ToggleButton.class).isSelected());
        TableView<?> targets = robot.lookup("#failed-table").queryAs(TableView.class);
        UiHarness.waitUntil(() -> targets.getSelectionModel().getSelectedItem() instanceof FailedRow f
                && f.key().equals(target.subject()) && targets.isFocused());
        // the harness runs no job by itself: the watchdog is run once by hand, then its findings wait in the inbox
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT7).release(KeyCode.DIGIT7, KeyCode.CONTROL);
        UiHarness.waitUntil(() -> robot.lookup("#health-run").tryQuery().map(n -> n.getScene() != null).orElse(false));
        robot.clickOn("#health-run");
        UiHarness.waitUntil(() -> robot.lookup("#health-findings").queryAs(TableView.class).getItems().stream()
                .anyMatch(f -> f instanceof FindingRow r && r.severity().equals("WARNING")));
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT1).release(KeyCode.DIGIT1, KeyCode.CONTROL);
        InboxRow finding = enterOn(robot, "source"); // the demo's spool-only event source: a finding of otel-events
        UiHarness.waitUntil(() -> robot.lookup("#nav-health").queryAs(ToggleButton.class).isSelected());
        TableView<?> findings = robot.lookup("#health-findings").queryAs(TableView.class);
        UiHarness.waitUntil(() -> findings.getSelectionModel().getSelectedItem() instanceof FindingRow f
                && f.check().equals(finding.subject()) && findings.isFocused());
        ui.close(robot);
    }

    /** Selects the first row of this kind with j / k from where the selection is, presses Enter; that row. */
    private static InboxRow enterOn(FxRobot robot, String kind) {
        UiHarness.waitUntil(() -> robot.lookup("#nav-inbox").queryAs(ToggleButton.class).isSelected());
        UiHarness.waitUntil(() -> inbox(robot).isFocused());
        UiHarness.waitUntil(() -> rows(robot).stream().anyMatch(r -> r.kind().equals(kind)));
        List<InboxRow> rows = rows(robot);
        int at = rows.indexOf(rows.stream().filter(r -> r.kind().equals(kind)).findFirst().orElseThrow());
        int from = inbox(robot).getSelectionModel().getSelectedIndex();
        for (int i = from; i < at; i++) {
            robot.type(KeyCode.J);
        }
        for (int i = from; i > at; i--) {
            robot.type(KeyCode.K);
        }
        UiHarness.waitUntil(() -> inbox(robot).getSelectionModel().getSelectedIndex() == at);
        robot.type(KeyCode.ENTER);
        return rows.get(at);
    }
}
