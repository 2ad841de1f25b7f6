package app.window;

import static org.assertj.core.api.Assertions.assertThat;

import app.compose.LibC;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Without a graphics device the window renders in software from the start, and never loads OpenGL to find out. */
class SoftwareRenderingTest {

    @TempDir
    Path dev;

    private final Map<String, String> properties = new HashMap<>();
    private final Map<String, String> environment = new HashMap<>();

    private SoftwareRendering.Choice decide(String os) {
        UnaryOperator<String> property = properties::get;
        UnaryOperator<String> env = environment::get;
        return SoftwareRendering.decide(os, property, env, dev);
    }

    @Test
    void linuxWithoutAGraphicsDeviceGetsTheSoftwarePipelineAndGtkWithoutOpenGl() {
        SoftwareRendering.Choice choice = decide("Linux");
        assertThat(choice.softwarePipeline()).isTrue();
        assertThat(choice.disableGdkGl()).isTrue();
        assertThat(choice.why()).contains("no graphics device");
    }

    @Test
    void anyGraphicsDeviceLeavesJavaFxToChoose() throws Exception {
        for (String device : new String[] {"dri", "nvidia0", "nvidiactl", "dxg"}) {
            Path d = Files.createDirectories(dev.resolve(device));
            SoftwareRendering.Choice choice = decide("Linux");
            assertThat(choice.softwarePipeline()).as(device).isFalse();
            assertThat(choice.disableGdkGl()).as(device).isFalse();
            assertThat(choice.why()).contains(device);
            Files.delete(d);
        }
    }

    @Test
    void aPipelineAlreadyChosenIsKept() {
        properties.put("prism.order", "es2,sw");
        assertThat(decide("Linux")).isEqualTo(new SoftwareRendering.Choice(false, false, "prism.order chosen: es2,sw"));
    }

    @Test
    void gdkGlAlreadyInTheEnvironmentIsKept() {
        environment.put("GDK_GL", "always");
        SoftwareRendering.Choice choice = decide("Linux");
        assertThat(choice.softwarePipeline()).isTrue();
        assertThat(choice.disableGdkGl()).isFalse();
    }

    @Test
    void theUserCanForceItEitherWay() throws Exception {
        Files.createDirectories(dev.resolve("dri"));
        properties.put("brainconsole.softwareRendering", "true");
        assertThat(decide("Linux").softwarePipeline()).isTrue();
        properties.put("brainconsole.softwareRendering", "false");
        Files.delete(dev.resolve("dri"));
        assertThat(decide("Linux").softwarePipeline()).isFalse();
        assertThat(decide("Linux").disableGdkGl()).isFalse();
    }

    @Test
    void otherSystemsAreLeftAlone() {
        assertThat(decide("Mac OS X").softwarePipeline()).isFalse();
        assertThat(decide("Windows 11").softwarePipeline()).isFalse();
    }

    @Test
    void theCLibrarysSetenvIsReachableOnLinux() {
        Assumptions.assumeTrue(LibC.INSTANCE != null, "Linux only");
        assertThat(LibC.INSTANCE.setenv("BRAIN_CONSOLE_TEST_SETENV", "1", 1)).isZero();
    }
}
