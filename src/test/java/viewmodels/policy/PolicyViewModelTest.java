package viewmodels.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.policy.PolicyService;
import services.review.ReviewService;
import services.tasks.SynchronousTaskRunner;
import services.workspace.Workspace;
import services.workspace.WorkspaceFile;
import testsupport.Fixtures;

/** The trust dial panel's texts: the version is named, an approval's deadline is a local time, not an ISO instant. */
class PolicyViewModelTest {

    static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");

    @TempDir
    Path tmp;

    private PolicyService approvedBySupervisedDial() {
        Workspace ws = Fixtures.demo(tmp);
        // every eligible change of the demo in one run, past the per-run cap (it has its own tests)
        new WorkspaceFile(ws.dir()).update(root -> root.with("policy").put("autoPerRun", 100));
        PolicyService policy = new PolicyService(ws, new ReviewService(ws, Fixtures.CLOCK), Fixtures.CLOCK);
        policy.run(); // the demo's medium-risk proposals are applied, supervised, at 2026-11-01T10:00Z
        assertThat(policy.toConfirm()).extracting(p -> p.id())
                .contains("sp-2026-11-19-agent-loop-02", "dream-2026-11-20-03");
        return policy;
    }

    @Test
    void aSupervisedApprovalSaysWhenItIsRevertedInTheLocalZoneAndHowSoon() {
        PolicyService policy = approvedBySupervisedDial();
        PolicyViewModel vm = new PolicyViewModel(policy, new SynchronousTaskRunner(), "joel", BERLIN, Fixtures.CLOCK);
        vm.load();
        // due 2026-11-08T10:00Z, 7 days after the approval: 11:00 in Berlin (CET)
        assertThat(vm.toConfirm()).contains("sp-2026-11-19-agent-loop-02 — skills/agent-loop/SKILL.md"
                + " · reverted after 2026-11-08 11:00 (in 7 d) unless confirmed");
        assertThat(vm.toConfirm()).allSatisfy(line -> assertThat(line).doesNotContainPattern("\\d{4}-\\d\\d-\\d\\dT"));

        Clock late = Clock.offset(Fixtures.CLOCK, Duration.ofDays(7).plusHours(3)); // past due: the next run reverts it
        PolicyViewModel overdue = new PolicyViewModel(policy, new SynchronousTaskRunner(), "joel", BERLIN, late);
        overdue.load();
        assertThat(overdue.toConfirm()).anySatisfy(line -> assertThat(line).startsWith("dream-2026-11-20-03")
                .contains("reverted after 2026-11-08 11:00 (3 h ago) unless confirmed"));
    }

    @Test
    void theVersionIsNamedAndSaysWhenTheDialIsFrozen() {
        PolicyService policy = approvedBySupervisedDial();
        PolicyViewModel vm = new PolicyViewModel(policy, new SynchronousTaskRunner(), "joel", BERLIN, Fixtures.CLOCK);
        vm.load();
        String version = policy.policy().policy().version();
        assertEquals("version " + version, vm.versionLineProperty().get());
        vm.whyProperty().set("bad week");
        vm.setFrozen(true);
        assertThat(vm.versionLineProperty().get()).startsWith("version ").endsWith(" · FROZEN")
                .isEqualTo("version " + policy.policy().policy().version() + " · FROZEN");
    }

    @Test
    void kindsAreNamedAsOnEveryOtherScreenAndAnEmptyWouldHaveTableSaysWhy() {
        PolicyService policy = approvedBySupervisedDial();
        PolicyViewModel vm = new PolicyViewModel(policy, new SynchronousTaskRunner(), "joel", BERLIN, Fixtures.CLOCK);
        vm.load();
        assertThat(vm.kinds()).extracting(vm::kindWords).contains("skill update", "skill update · additive",
                "skill update · structural", "SOUL amendment", "skill amendment", "new skill", "new rule", "prune",
                "observation").noneMatch(w -> w.contains("_"));

        assertThat(vm.wouldHave()).isEmpty();
        assertThat(vm.wouldHaveEmptyProperty().get()).contains("Preview / save trust dial");
        vm.preview(); // the dial as it is: nothing would have gone differently
        assertThat(vm.wouldHave()).isEmpty();
        assertThat(vm.wouldHaveEmptyProperty().get()).matches("None of the last 30 days' \\d+ decisions would have"
                + " gone differently with this dial\\.");

        vm.kindProperty("skill_update").set("manual");
        vm.preview();
        // the row's kind in words; the dial's reason at the end keeps the key it records ("kind skill_update")
        assertThat(vm.wouldHave()).isNotEmpty().allSatisfy(row -> assertThat(row).matches("\\S+ \\(skill update, risk \\w+\\): .*"));
    }

    /** Walk: "confirmWithinDays: a whole number…" named the JSON key, in the colour of a message that all went well. */
    @Test
    void aWrongFieldIsNamedAsItsLabelAndSaidAsAProblem() {
        PolicyService policy = approvedBySupervisedDial();
        PolicyViewModel vm = new PolicyViewModel(policy, new SynchronousTaskRunner(), "joel", BERLIN, Fixtures.CLOCK);
        vm.load();
        vm.daysProperty().set("forever"); // said as it is typed, before any Preview
        assertThat(vm.messageProperty().get()).startsWith("confirm within (days): ").doesNotContain("confirmWithinDays");
        assertThat(vm.messageIsProblemProperty().get()).isTrue();
        vm.daysProperty().set("14");
        assertThat(vm.messageProperty().get()).as("typed right: the problem goes").isEmpty();
        vm.daysProperty().set("366");
        vm.save();
        assertThat(vm.messageProperty().get()).startsWith("confirm within (days): ");
        assertThat(vm.messageIsProblemProperty().get()).isTrue();
        vm.daysProperty().set("7");
        vm.preview();
        assertThat(vm.messageProperty().get()).contains("decisions in the last 30 days");
        assertThat(vm.messageIsProblemProperty().get()).isFalse();
    }
}
