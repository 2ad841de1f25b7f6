package views.shell;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static testsupport.GitRemotes.git;

import atlantafx.base.theme.Styles;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javafx.scene.control.Button;
import javafx.scene.control.ListView;
import javafx.stage.Stage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import services.review.remote.ReviewSharingTestPorts;
import services.workspace.Workspace;
import services.workspace.WorkspaceFile;
import testsupport.Fixtures;
import testsupport.GitRemotes;
import viewmodels.inbox.InboxRow;
import views.UiHarness;

/**
 * The shared review branch in the window, driven like a user: the demo's repositories get a remote, and two
 * decisions are made that it has not seen; the status bar says how many wait to be pushed (and the inbox lists them), a click pushes them and
 * says so, and with the remote cut a new decision waits, "offline", each repository's ahead / behind in the tooltip.
 */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class ReviewSharingUiTest {

    @TempDir
    static Path tmp;

    private UiHarness ui;
    private Path base;

    @Start
    void start(Stage stage) {
        base = tmp.resolve("share-" + System.nanoTime());
        ui = new UiHarness(stage, base, false, null, window -> share(base.resolve("demo")));
    }

    /** Gives each demo repository a bare remote "origin" without the review branch, and names it in workspace.json. */
    private static void share(Path dir) {
        Workspace ws = Fixtures.loader().load(dir);
        Set<Path> repos = new LinkedHashSet<>(List.of(ws.skillsRepo(), ws.behaviourRepo()));
        for (Path repo : repos) {
            Path bare = dir.getParent().resolve(repo.getFileName() + ".git");
            git(dir.getParent(), "clone", "-q", "--bare", repo.toString(), bare.toString());
            if (GitRemotes.ref(bare, "refs/heads/" + ws.reviewBranch()) != null) {
                git(bare, "branch", "-D", ws.reviewBranch());
            }
            git(repo, "remote", "add", "origin", bare.toUri().toString());
            git(repo, "fetch", "-q", "origin");
        }
        // two decisions made here that the remote has not seen (the demo's own may be on its other branches)
        GitRemotes.decide(ws.skillsRepo(), "skills/shared-ui-a.md", "a\n", "p-ui-a", "joel");
        GitRemotes.decide(ws.skillsRepo(), "skills/shared-ui-b.md", "b\n", "p-ui-b", "joel");
        new WorkspaceFile(dir).update(root -> {
            root.put("reviewRemote", "origin");
            ((ArrayNode) root.get("schedulesPaused")).add("review-sync"); // only this test's clicks push
        });
    }

    private static Button status(FxRobot robot) {
        return robot.lookup("#status-review-sharing").queryAs(Button.class);
    }

    @SuppressWarnings("unchecked")
    private static List<InboxRow> inbox(FxRobot robot) {
        return List.copyOf(robot.lookup("#inbox-list").queryAs(ListView.class).getItems());
    }

    @Test
    void theStatusBarSaysWhatWaitsToBePushedAndAClickPushesIt(FxRobot robot) throws Exception {
        Workspace ws = Fixtures.loader().load(ui.workspace);
        Path skills = ws.skillsRepo();
        UiHarness.waitUntil(30, () -> status(robot).getText().equals("Review branch: 2 decisions not pushed"));
        Button status = status(robot);
        assertThat(status.isVisible()).isTrue();
        assertThat(status.getStyleClass()).contains(Styles.WARNING);
        String waiting = status.getText().substring("Review branch: ".length());
        assertThat(status.getTooltip().getText()).contains("origin (file:", " ahead, 0 behind", "Click to fetch and push");
        UiHarness.waitUntil(() -> inbox(robot).stream().anyMatch(r -> r.what().equals(capital(waiting))
                && r.kindWords().equals("shared review branch")));

        robot.clickOn(status);
        UiHarness.waitUntil(30, () -> status(robot).getText().equals("Review branch: every decision is on the remote"));
        assertEquals(GitRemotes.ref(skills, "refs/heads/" + ws.reviewBranch()),
                GitRemotes.ref(base.resolve(skills.getFileName() + ".git"), "refs/heads/" + ws.reviewBranch()),
                "the decisions are on the remote");
        assertThat(status(robot).getStyleClass()).doesNotContain(Styles.WARNING);
        UiHarness.waitUntil(() -> inbox(robot).stream().noneMatch(r -> r.kindWords().equals("shared review branch")));

        // the remote cut: a decision committed meanwhile waits, and the status bar says why
        git(skills, "remote", "set-url", "origin", "ssh://git@127.0.0.1:" + ReviewSharingTestPorts.closed() + "/r.git");
        GitRemotes.decide(skills, "skills/shared-ui-test.md", "x\n", "p-ui-1", "joel");
        robot.clickOn(status(robot));
        UiHarness.waitUntil(30, () -> status(robot).getText().equals("Review branch: 1 decision not pushed · offline"));
        assertThat(status(robot).getTooltip().getText()).contains("1 ahead, 0 behind (last sync: offline)");
        assertThat(status(robot).getStyleClass()).contains(Styles.WARNING);
        UiHarness.waitUntil(() -> inbox(robot).stream().anyMatch(r -> r.what().equals("1 decision not pushed · offline")
                && r.why().startsWith("Offline: they go when the remote answers")));
        ui.close(robot);
    }

    private static String capital(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
