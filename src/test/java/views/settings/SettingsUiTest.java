package views.settings;

import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ListView;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextInputControl;
import org.junit.jupiter.api.Tag;
import org.testfx.util.WaitForAsyncUtils;
import services.policy.Policy;
import services.policy.PolicyService;
import services.review.ReviewService;
import services.workspace.WorkspaceFile;
import testsupport.Fixtures;
import views.components.WrappingListCell;
import views.shell.LayoutUiTest;
import views.UiHarness;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import testsupport.FakeTypesense;
import testsupport.RedisServer;

/**
 * Settings like a user edits them: a field that is wrong says why; Test connection shows what the local fake
 * Typesense server (HTTP level) and a real local redis-server answer; a typed key is saved 0600 and never shown.
 */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
@Tag("server")
class SettingsUiTest {

    static final String KEY = "ui-typed-key-31337";

    @TempDir
    static Path tmp;

    static FakeTypesense typesense;
    static RedisServer redis;
    private UiHarness harness;
    private Stage stage;

    @BeforeAll
    static void servers() throws Exception {
        typesense = new FakeTypesense();
        typesense.always("GET", "/collections/system_knowledge", 200, "{\"name\": \"system_knowledge\", \"num_documents\": 12}")
                .always("POST", "/multi_search", 200, "{\"results\": [{\"found\": 0, \"hits\": []}]}");
        redis = new RedisServer(tmp.resolve("redis"));
    }

    @AfterAll
    static void stop() {
        typesense.close();
        redis.close();
    }

    @Start
    void start(Stage stage) {
        this.stage = stage;
        harness = new UiHarness(stage, tmp.resolve("settings-" + System.nanoTime()));
    }

    /** Whether the node and every node around it are visible. */
    private static boolean shown(FxRobot robot, String query) {
        for (Node n = robot.lookup(query).queryAs(Node.class); n != null; n = n.getParent()) {
            if (!n.isVisible()) {
                return false;
            }
        }
        return true;
    }

    private static boolean insideTextArea(Node n) {
        for (Node p = n.getParent(); p != null; p = p.getParent()) {
            if (p instanceof TextArea) {
                return true;
            }
        }
        return false;
    }

    private static void ctrl(FxRobot robot, KeyCode key) {
        robot.press(KeyCode.CONTROL, key).release(key, KeyCode.CONTROL);
    }

    @Test
    @SuppressWarnings("unchecked")
    void editValidateTestAndSave(FxRobot robot) throws Exception {
        UiHarness.waitForIndex(robot);
        ctrl(robot, KeyCode.COMMA);
        UiHarness.waitUntil(() -> robot.lookup("#settings-nodes").tryQuery().map(n -> n.getScene() != null).orElse(false));

        // on lucene: no Typesense field, no key status; one scrolling pane for connections and trust dial, whose
        // two saves say what each saves
        assertThat(shown(robot, "#settings-nodes")).isFalse();
        assertThat(shown(robot, "#settings-key-status")).isFalse();
        assertThat(robot.lookup("#settings-key-status").queryAs(Label.class).getText()).isEmpty();
        assertThat(shown(robot, "#settings-test-typesense")).isFalse();
        Node screen = robot.lookup("#settings-save").queryButton().getParent().getParent();
        assertThat(screen.lookupAll(".scroll-pane").stream()
                .filter(p -> p instanceof ScrollPane && !insideTextArea(p))).as("scrolling panes")
                .extracting(Node::getId).containsExactly("settings-scroll");
        assertThat(robot.lookup("#settings-scroll").queryAs(Node.class).lookup("#policy-panel")).isNotNull();
        assertThat(robot.lookup("#settings-save").queryButton().getText()).startsWith("Save connections");
        assertThat(robot.lookup("#policy-save").queryButton().getText()).contains("trust dial");
        // a kind without a mode of its own follows the risk dial, and says so instead of showing a blank
        @SuppressWarnings("unchecked")
        ChoiceBox<String> kind = robot.lookup("#policy-kind-skill_update").queryAs(ChoiceBox.class);
        assertThat(kind.getValue()).isEmpty();
        assertThat(kind.getConverter().toString(kind.getValue())).isEqualTo("by risk");
        assertThat(((Label) kind.lookup(".label")).getText()).isEqualTo("by risk");

        robot.interact(() -> robot.lookup("#settings-backend").queryAs(ChoiceBox.class).setValue("typesense"));
        UiHarness.waitUntil(() -> robot.lookup("#settings-nodes-error").queryAs(Label.class).getText()
                .equals("Typesense needs at least one node URL, one per line."));
        assertThat(shown(robot, "#settings-nodes")).isTrue();
        assertThat(shown(robot, "#settings-key-status")).isTrue();
        assertThat(shown(robot, "#settings-test-typesense")).isTrue();
        robot.clickOn("#settings-nodes").write("ts-1:8108");
        UiHarness.waitUntil(() -> robot.lookup("#settings-nodes-error").queryAs(Label.class).getText()
                .startsWith("Line 1: \"ts-1:8108\" is not a URL"));
        robot.interact(() -> robot.lookup("#settings-nodes").queryAs(TextArea.class).setText(typesense.url()));
        robot.interact(() -> robot.lookup("#settings-timeout").queryAs(TextField.class).setText("0"));
        UiHarness.waitUntil(() -> robot.lookup("#settings-timeout-error").queryAs(Label.class).isVisible());
        robot.interact(() -> robot.lookup("#settings-timeout").queryAs(TextField.class).setText("2"));

        robot.interact(() -> robot.lookup("#settings-key-source").queryAs(ChoiceBox.class).setValue("file"));
        robot.clickOn("#settings-new-key").write(KEY);
        robot.clickOn("#settings-test-typesense");
        UiHarness.waitUntil(() -> robot.lookup("#settings-typesense-result").queryAs(Label.class).getText()
                .startsWith("Typesense OK: "));
        assertThat(robot.lookup("#settings-typesense-result").queryAs(Label.class).getText()).contains("12 documents");
        assertThat(typesense.requests()).anySatisfy(r -> assertThat(r.apiKey()).isEqualTo(KEY));

        robot.interact(() -> robot.lookup("#settings-redis-mode").queryAs(ChoiceBox.class).setValue("standalone"));
        robot.interact(() -> robot.lookup("#settings-redis-url").queryAs(TextField.class).setText("redis://127.0.0.1:1/0"));
        robot.interact(() -> robot.lookup("#settings-test-redis").queryButton().fire()); // below the fold
        UiHarness.waitUntil(() -> robot.lookup("#settings-redis-result").queryAs(Label.class).getText()
                .equals("refused: nothing answers on 127.0.0.1:1"));
        robot.interact(() -> robot.lookup("#settings-redis-url").queryAs(TextField.class).setText(redis.url()));
        robot.interact(() -> robot.lookup("#settings-test-redis").queryButton().fire()); // below the fold
        UiHarness.waitUntil(() -> robot.lookup("#settings-redis-result").queryAs(Label.class).getText()
                .startsWith("Redis OK: "));

        ctrl(robot, KeyCode.S);
        Path keyFile = harness.workspace.resolve("state/typesense.key");
        UiHarness.waitUntil(() -> Files.exists(keyFile));
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(keyFile))).isEqualTo("rw-------");
        String json = Files.readString(harness.workspace.resolve("workspace.json"));
        assertThat(json).contains("\"backend\": \"typesense\"").contains("\"apiKeyFile\": \"state/typesense.key\"")
                .contains(redis.url()).doesNotContain(KEY).contains("\"reviewer\": \"joel\"");
        assertThat(json).contains("\n  \"reviewBranch\": \"brain/review\",\n") // the rest of the file as it was
                .doesNotContain("\"collection\""); // no default the user never set
        // The workspace reopens on Typesense, and says the settings were saved; the key is never shown again.
        UiHarness.waitUntil(() -> robot.lookup("#status-index").queryAs(Label.class).getText().startsWith("Index: typesense"));
        assertThat(robot.lookup("#notice-banner").queryAs(Label.class).getText()).startsWith("Settings saved in ");
        ctrl(robot, KeyCode.COMMA);
        UiHarness.waitUntil(() -> robot.lookup("#settings-key-status").tryQuery().map(n -> n.getScene() != null).orElse(false));
        assertThat(robot.lookup("#settings-new-key").queryAs(PasswordField.class).getText()).isEmpty();
        assertThat(robot.lookup("#settings-key-status").queryAs(Label.class).getText()).startsWith("A key is saved in")
                .endsWith("(not shown).");
    }

    /**
     * The trust dial at the smallest size and at the default, with the command line's supervised approvals beside
     * the window and a preview's would-have table: each kind's name on the line of its choice, the version named,
     * every row of both lists whole (wrapped, never scrolled sideways) and its deadline a local time, not ISO.
     */
    @Test
    @SuppressWarnings("unchecked")
    void theTrustDialIsAlignedNamedAndWrapsItsListsAtBothSizes(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        // the demo's supervised approvals all in one run, past the per-run cap (it has its own tests)
        new WorkspaceFile(harness.workspace).update(root -> root.with("policy").put("autoPerRun", 100));
        var ws = Fixtures.loader().load(harness.workspace);
        var clock = Clock.systemUTC();
        new PolicyService(ws, new ReviewService(ws, clock), clock).run(); // `policy run`
        ctrl(robot, KeyCode.COMMA);
        UiHarness.waitUntil(() -> robot.lookup("#policy-to-confirm").tryQuery().map(n -> n.getScene() != null).orElse(false)
                && robot.lookup("#policy-to-confirm").queryAs(ListView.class).getItems().size() == 2);
        // nothing selected: nothing to confirm, and the button says so (it did nothing when pressed)
        assertThat(robot.lookup("#policy-confirm").queryButton().isDisabled()).isTrue();
        robot.interact(() -> robot.lookup("#policy-to-confirm").queryAs(ListView.class)
                .getSelectionModel().select(0));
        assertThat(robot.lookup("#policy-confirm").queryButton().isDisabled()).isFalse();
        robot.interact(() -> robot.lookup("#policy-to-confirm").queryAs(ListView.class)
                .getSelectionModel().clearSelection());
        robot.interact(() -> robot.lookup("#policy-kind-skill_update").queryAs(ChoiceBox.class).setValue("manual"));
        robot.interact(() -> robot.lookup("#policy-save").queryButton().fire()); // the first save previews
        UiHarness.waitUntil(() -> !robot.lookup("#policy-would-have").queryAs(ListView.class)
                .getItems().isEmpty());
        Label version = robot.lookup("#policy-version").queryAs(Label.class);
        assertThat(version.getText()).matches("version [0-9a-f]{12}");
        assertThat(version.getTooltip().getText()).contains("fingerprint").contains("Policy-Version");

        for (double[] size : new double[][] {{1100, 700}, {1280, 800}}) {
            String at = (int) size[0] + "x" + (int) size[1];
            robot.interact(() -> {
                stage.setWidth(size[0]);
                stage.setHeight(size[1]);
            });
            WaitForAsyncUtils.waitForFxEvents();
            List<String> misaligned = new ArrayList<>();
            List<String> cut = new ArrayList<>();
            List<String> sideways = new ArrayList<>();
            List<String> rows = new ArrayList<>();
            Set<Double> nameColumns = new TreeSet<>();
            List<String> names = new ArrayList<>();
            robot.interact(() -> {
                stage.getScene().getRoot().applyCss();
                stage.getScene().getRoot().layout();
                for (String kind : Policy.KIND_KEYS) {
                    Label shown = robot.lookup(n -> ("policy-kind-label-" + kind).equals(n.getId())).queryAs(Label.class);
                    nameColumns.add(Math.rint(shown.localToScene(0, 0).getX()));
                    names.add(shown.getText());
                }
                Label risk = robot.lookup(n -> n instanceof Label l && "risk low".equals(l.getText())).queryAs(Label.class);
                nameColumns.add(Math.rint(risk.localToScene(0, 0).getX()));
                for (String kind : Policy.KIND_KEYS) {
                    // by id, not by selector: a kind's name has a dot ("skill_update.additive")
                    Label name = robot.lookup(n -> ("policy-kind-label-" + kind).equals(n.getId())).queryAs(Label.class);
                    ChoiceBox<String> box = robot.lookup(n -> ("policy-kind-" + kind).equals(n.getId()))
                            .queryAs(ChoiceBox.class);
                    double nameLine = name.localToScene(0, name.getBaselineOffset()).getY();
                    double boxLine = box.localToScene(0, box.getBaselineOffset()).getY();
                    if (Math.abs(nameLine - boxLine) > 1) {
                        misaligned.add(kind + ": the name's baseline at " + nameLine + ", its choice's at " + boxLine);
                    }
                }
                LayoutUiTest.collect(robot.lookup("#policy-panel").queryAs(Node.class), "trust dial", cut);
                for (String list : List.of("#policy-to-confirm", "#policy-would-have")) {
                    Node view = robot.lookup(list).queryAs(Node.class);
                    view.lookupAll(".scroll-bar").stream().filter(b -> b instanceof ScrollBar bar
                            && bar.getOrientation() == Orientation.HORIZONTAL && bar.isVisible())
                            .forEach(b -> sideways.add(list));
                    view.lookupAll(".wrapping-list-cell").forEach(n -> {
                        var cell = (WrappingListCell) n;
                        if (cell.isVisible() && cell.getGraphic() != null && !cell.shown().isEmpty()) {
                            rows.add(cell.shown());
                            double needed = cell.getGraphic().getLayoutBounds().getHeight();
                            double room = cell.getHeight() - cell.snappedTopInset() - cell.snappedBottomInset();
                            double wide = cell.getGraphic().getLayoutBounds().getWidth();
                            if (needed > room + 1 || wide > cell.getWidth()) {
                                cut.add(list + ": \"" + cell.shown() + "\" needs " + wide + "x" + needed + " px, has "
                                        + cell.getWidth() + "x" + room);
                            }
                        }
                    });
                }
            });
            assertThat(misaligned).as("kinds' names against their choices at %s", at).isEmpty();
            // two columns of names, the first under the risks' names; in words, never the files' codes
            assertThat(nameColumns).as("left edges of the dial's names at %s", at).hasSize(2);
            assertThat(names).contains("SOUL amendment", "new rule", "skill update · additive")
                    .noneMatch(n -> n.contains("_") || n.equals(n.toUpperCase()));
            assertThat(cut).as("trust dial texts cut at %s", at).isEmpty();
            assertThat(sideways).as("lists scrolled sideways at %s", at).isEmpty();
            assertThat(rows).as("rows shown at %s", at).anySatisfy(r -> assertThat(r)
                    .startsWith("sp-2026-11-19-agent-loop-02 — skills/agent-loop/SKILL.md · reverted after ")
                    .matches(".* · reverted after \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d \\(in \\d+ d\\) unless confirmed"));
            assertThat(rows).as("rows shown at %s", at).noneMatch(r -> r.matches(".*\\d{4}-\\d\\d-\\d\\dT\\d\\d:.*"));
            assertThat(rows).as("rows of the would-have table at %s", at)
                    .anySatisfy(r -> assertThat(r).contains("would have held for a person what the policy applied"));
        }
    }

    private void layout(FxRobot robot) {
        robot.interact(() -> {
            stage.getScene().getRoot().applyCss();
            stage.getScene().getRoot().layout();
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Where a node is in the scene, vertically: its top edge. */
    private static double top(FxRobot robot, String query) {
        Node n = robot.lookup(query).queryAs(Node.class);
        return n.localToScene(n.getLayoutBounds()).getMinY();
    }

    /**
     * A field's message comes and goes without moving what is below: each Test button stays where it is while a
     * URL, a Sentinel list, a node list or a timeout is typed wrong and then right (Test Redis jumped about 20 px).
     */
    @Test
    @SuppressWarnings("unchecked")
    void aFieldsMessageMovesNothingBelowIt(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        ctrl(robot, KeyCode.COMMA);
        UiHarness.waitUntil(() -> robot.lookup("#settings-redis-mode").tryQuery().map(n -> n.getScene() != null).orElse(false));
        List<String> moved = new ArrayList<>();
        record Edit(String field, String wrong, String right, String below) {
        }
        List<Edit> edits = List.of(
                new Edit("#settings-redis-url", "redis:/nohost", "redis://127.0.0.1:6379/0", "#settings-test-redis"),
                new Edit("#settings-redis-password-env", "1-not-a-name", "REDIS_PASSWORD", "#settings-test-redis"),
                new Edit("#settings-sentinels", "no port", "127.0.0.1:26379", "#settings-test-redis"),
                new Edit("#settings-master", "", "mymaster", "#settings-test-redis"),
                new Edit("#settings-cluster", "no port", "127.0.0.1:7000", "#settings-test-redis"),
                new Edit("#settings-nodes", "not a url", "http://127.0.0.1:8108", "#settings-test-typesense"),
                new Edit("#settings-collection", "a b", "system_knowledge", "#settings-test-typesense"),
                new Edit("#settings-timeout", "0", "5", "#settings-test-typesense"));
        robot.interact(() -> robot.lookup("#settings-backend").queryAs(ChoiceBox.class).setValue("typesense"));
        for (Edit edit : edits) {
            String mode = edit.field().equals("#settings-sentinels") || edit.field().equals("#settings-master") ? "sentinel"
                    : edit.field().equals("#settings-cluster") ? "cluster" : "standalone";
            robot.interact(() -> robot.lookup("#settings-redis-mode").queryAs(ChoiceBox.class).setValue(mode));
            robot.interact(() -> robot.lookup(edit.field()).queryAs(TextInputControl.class)
                    .setText(edit.right()));
            layout(robot);
            double right = top(robot, edit.below());
            robot.interact(() -> robot.lookup(edit.field()).queryAs(TextInputControl.class)
                    .setText(edit.wrong()));
            UiHarness.waitUntil(() -> robot.lookup(edit.field() + "-error").queryAs(Label.class).isVisible());
            layout(robot);
            double wrong = top(robot, edit.below());
            if (Math.abs(wrong - right) > 0.5) {
                moved.add(edit.field() + " wrong moved " + edit.below() + " by " + (wrong - right) + " px");
            }
            robot.interact(() -> robot.lookup(edit.field()).queryAs(TextInputControl.class)
                    .setText(edit.right()));
        }
        assertThat(moved).isEmpty();
    }

    /**
     * Walk: choosing standalone moved the Redis choice 64 px to the right (its label column widened for "Password
     * from"), and Settings opened with Save focused, so Enter saved and reopened the workspace with nothing changed.
     */
    @Test
    @SuppressWarnings("unchecked")
    void fieldsKeepTheirColumnWhateverTheModeAndEnterOnArrivalSavesNothing(FxRobot robot) {
        UiHarness.waitForIndex(robot);
        ctrl(robot, KeyCode.COMMA);
        UiHarness.waitUntil(() -> robot.lookup("#settings-redis-mode").tryQuery().map(n -> n.getScene() != null).orElse(false));
        UiHarness.waitUntil(() -> robot.lookup("#settings-backend").queryAs(Node.class).isFocused());
        assertThat(robot.lookup("#settings-save").queryAs(Button.class).isFocused()).isFalse();
        Map<String, Double> left = new LinkedHashMap<>();
        for (String mode : List.of("none", "standalone", "sentinel", "cluster")) {
            robot.interact(() -> robot.lookup("#settings-redis-mode").queryAs(ChoiceBox.class).setValue(mode));
            layout(robot);
            Node choice = robot.lookup("#settings-redis-mode").queryAs(Node.class);
            left.put(mode, choice.localToScene(choice.getLayoutBounds()).getMinX());
        }
        robot.interact(() -> robot.lookup("#settings-backend").queryAs(ChoiceBox.class).setValue("typesense"));
        layout(robot);
        Node backend = robot.lookup("#settings-backend").queryAs(Node.class);
        Node redisMode = robot.lookup("#settings-redis-mode").queryAs(Node.class);
        left.put("backend (typesense)", backend.localToScene(backend.getLayoutBounds()).getMinX());
        left.put("redis (typesense)", redisMode.localToScene(redisMode.getLayoutBounds()).getMinX());
        assertThat(left.values().stream().distinct().count()).as("every field in one column: %s", left).isEqualTo(1);
    }
}
