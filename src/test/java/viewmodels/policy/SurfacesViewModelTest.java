package viewmodels.policy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.policy.PolicyService;
import services.review.ReviewService;
import services.tasks.SynchronousTaskRunner;
import services.workspace.Workspace;
import testsupport.Fixtures;

/** The ladder in the trust dial's panel: each surface's rung and record, sign-off refused in words, revert demotes. */
public class SurfacesViewModelTest {

    @TempDir
    Path tmp;

    public static void surfaces(Path workspaceDir) throws Exception {
        ObjectMapper json = new ObjectMapper();
        Path file = workspaceDir.resolve("workspace.json");
        ObjectNode root = (ObjectNode) json.readTree(file.toFile());
        root.putObject("policy").set("surfaces", json.readTree("[{\"name\": \"nanny\", \"repo\": \"skills\", "
                + "\"path\": \"skills/loop-nanny/SKILL.md\", \"level\": \"auto\"}, {\"name\": \"soul\", \"repo\": "
                + "\"behaviour\", \"path\": \"SOUL.md\", \"level\": \"forbidden\"}]"));
        Files.writeString(file, json.writeValueAsString(root));
    }

    @Test
    void showsEachSurfaceRefusesAnIneligibleSignOffAndARevertDemotes() throws Exception {
        Workspace ws = Fixtures.demo(tmp);
        surfaces(ws.dir());
        PolicyService policy = new PolicyService(ws, new ReviewService(ws, Fixtures.CLOCK), Fixtures.CLOCK);
        policy.run();
        SurfacesViewModel vm = new SurfacesViewModel(policy, new SynchronousTaskRunner(), "joel", ZoneId.of("UTC"),
                Fixtures.CLOCK);
        vm.load();
        assertThat(vm.surfaces()).hasSize(2);
        assertThat(vm.surfaces().get(0)).startsWith("nanny — skills/loop-nanny/SKILL.md (skills) · auto · 1/10 clean "
                + "applies").contains("last demotion: none");
        assertThat(vm.surfaces().get(1)).contains("soul — SOUL.md (behaviour) · forbidden", "never promoted");
        assertThat(vm.eligible(0)).isFalse();
        assertThat(vm.applied()).anySatisfy(l -> assertThat(l).startsWith("sp-2026-11-18-loop-nanny-01 — "));

        vm.signoff(1);
        assertThat(vm.messageIsProblemProperty().get()).isTrue();
        assertThat(vm.messageProperty().get()).contains("needs a reason");
        vm.reasonProperty().set("reviewed");
        vm.signoff(1);
        assertThat(vm.messageProperty().get()).contains("forbidden");

        int nanny = vm.applied().indexOf(vm.applied().stream().filter(l -> l.startsWith("sp-2026-11-18-loop-nanny-01"))
                .findFirst().orElseThrow());
        vm.revert(nanny);
        assertThat(vm.messageIsProblemProperty().get()).isFalse();
        assertThat(vm.messageProperty().get()).startsWith("Reverted sp-2026-11-18-loop-nanny-01 with ");
        assertThat(vm.surfaces().get(0)).contains("· gated (configured auto) · 0/10 clean applies", "revert of",
                "by joel");
        assertThat(vm.applied()).noneMatch(l -> l.startsWith("sp-2026-11-18-loop-nanny-01"));
    }

    /** What the window's change poll does when the dial's files change: the panel reads again, its selection kept. */
    @Test
    void aRefreshAfterARunElsewhereShowsTheNewApplyAndKeepsTheSelectedSurface() throws Exception {
        Workspace ws = Fixtures.demo(tmp);
        surfaces(ws.dir());
        PolicyService policy = new PolicyService(ws, new ReviewService(ws, Fixtures.CLOCK), Fixtures.CLOCK);
        SurfacesViewModel vm = new SurfacesViewModel(policy, new SynchronousTaskRunner(), "joel", ZoneId.of("UTC"),
                Fixtures.CLOCK);
        vm.load();
        assertThat(vm.applied()).isEmpty();
        String soul = vm.surfaceName(1);

        new PolicyService(ws, new ReviewService(ws, Fixtures.CLOCK), Fixtures.CLOCK).run(); // `policy run`, elsewhere
        vm.refresh();

        assertThat(vm.applied()).anySatisfy(l -> assertThat(l).startsWith("sp-2026-11-18-loop-nanny-01 — "));
        assertThat(vm.surfaceName(1)).isEqualTo(soul);
    }
}
