package viewmodels.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.policy.Level;
import services.policy.PolicyService;
import services.review.ReviewService;
import services.tasks.SynchronousTaskRunner;
import services.workspace.AppDirs;
import services.workspace.RecentWorkspaces;
import services.workspace.Workspace;
import testsupport.Fixtures;
import viewmodels.review.ReviewViewModel;
import viewmodels.shell.SectionItem;
import viewmodels.shell.ShellViewModel;

/** The trust dial on the screens: the Review detail names the applying level; a freeze shows a banner everywhere. */
class PolicyOnScreensTest {

    @TempDir
    Path tmp;

    @Test
    void theReviewDetailNamesThePolicyThatApplies() {
        Workspace ws = Fixtures.demo(tmp);
        ReviewService review = new ReviewService(ws, Fixtures.CLOCK);
        PolicyService policy = new PolicyService(ws, review, Fixtures.CLOCK);
        ReviewViewModel vm = new ReviewViewModel(review, new SynchronousTaskRunner(), "joel", false, policy::applying);
        vm.refresh();
        vm.select("dream-2026-11-20-02"); // AMEND_SOUL on SOUL.md
        assertThat(vm.detail().detailsProperty().get()).contains("policy manual (protected path SOUL.md)");
        vm.select("sp-2026-11-18-loop-nanny-01"); // a low-risk additive skill update
        assertThat(vm.detail().detailsProperty().get()).contains("policy auto (risk low)");
    }

    @Test
    void aFreezeShowsABannerOnEveryScreenUntilLifted() {
        Workspace ws = Fixtures.demo(tmp);
        ShellViewModel shell = new ShellViewModel(Fixtures.loader(), new RecentWorkspaces(new AppDirs(
                tmp.resolve("config"), tmp.resolve("data"))), new SynchronousTaskRunner());
        shell.openWorkspace(ws.dir());
        shell.setSections(List.of(new SectionItem("overview", "Overview", "x"), new SectionItem("review", "Review", "y")));
        assertEquals("", shell.policyBannerProperty().get());
        PolicyService policy = new PolicyService(ws, new ReviewService(ws, Fixtures.CLOCK), Fixtures.CLOCK);
        policy.freeze("joel", "bad week"); // e.g. from the CLI, while the window is open
        shell.select("review");
        assertThat(shell.policyBannerProperty().get()).contains("FROZEN");
        policy.unfreeze("joel", "better");
        shell.select("overview");
        assertEquals("", shell.policyBannerProperty().get());
    }

    @Test
    void theSettingsPanelPreviewsAChangedDialBeforeSavingItWithTheReason() throws Exception {
        Workspace ws = Fixtures.demo(tmp);
        ReviewService review = new ReviewService(ws, Fixtures.CLOCK);
        PolicyService policy = new PolicyService(ws, review, Fixtures.CLOCK);
        review.reject("sp-2026-11-18-loop-nanny-01", "joel", "not yet"); // low risk, rejected by a person
        PolicyViewModel vm = new PolicyViewModel(policy, new SynchronousTaskRunner(), "joel",
                ZoneOffset.UTC, Fixtures.CLOCK);
        vm.load();
        assertEquals("auto", vm.riskProperty("low").get());
        assertEquals("manual", vm.kindProperty("AMEND_SOUL").get());
        vm.daysProperty().set("0");
        vm.save();
        assertThat(vm.messageProperty().get()).startsWith("confirm within (days): ");
        vm.daysProperty().set("5");
        vm.riskProperty("high").set("auto");
        vm.whyProperty().set("trial");
        vm.save(); // first: the would-have table
        assertThat(vm.messageProperty().get()).contains("would have gone differently");
        assertThat(vm.wouldHave()).anySatisfy(r -> assertThat(r).startsWith("sp-2026-11-18-loop-nanny-01")
                .contains("would have auto-applied what a person rejected"));
        assertEquals(Level.MANUAL, policy.policy().policy().risk().get("high"));
        vm.save(); // then: saved
        assertThat(vm.messageProperty().get()).startsWith("Saved the trust dial");
        assertEquals(Level.AUTO, policy.policy().policy().risk().get("high"));
        assertEquals(5, policy.policy().policy().confirmWithinDays());
        vm.whyProperty().set("");
        vm.setFrozen(true);
        assertThat(vm.messageProperty().get()).contains("--reason");
        vm.whyProperty().set("bad week");
        assertThat(vm.reasonTypedProperty().get()).as("typed, not used: closing the window asks").isTrue();
        vm.setFrozen(true);
        assertThat(vm.frozenProperty().get()).isTrue();
        assertThat(policy.policy().policy().frozen()).isTrue();
        assertThat(vm.reasonTypedProperty().get()).as("used by the freeze").isFalse();
        vm.whyProperty().set("bad week, again");
        assertThat(vm.reasonTypedProperty().get()).isTrue();
        vm.whyProperty().set("  ");
        assertThat(vm.reasonTypedProperty().get()).as("blank is nothing typed").isFalse();
    }
}
