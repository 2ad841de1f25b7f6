package app.window;

import app.compose.LibC;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;
import org.slf4j.LoggerFactory;

/**
 * On a Linux machine with no graphics device (a virtual machine, a remote desktop, Xvfb), JavaFX draws in
 * software — but only after it has loaded the system's OpenGL (Mesa's software renderer and its LLVM, about
 * 50 MB resident for the rest of the process) to find out that it cannot use it, and GTK loads the same library
 * again for its own visuals. Where no device is there to render with, the window asks for JavaFX's software
 * pipeline at once ({@code prism.order=sw}) and tells GTK to leave OpenGL alone ({@code GDK_GL=disable}), before
 * the toolkit starts. A machine with a device under {@code /dev/dri}, an NVIDIA device or WSL's {@code /dev/dxg}
 * is left as it was; so is a choice already made ({@code -Dprism.order}, {@code GDK_GL} in the environment).
 * {@code -Dbrainconsole.softwareRendering=true|false} forces it either way.
 */
public final class SoftwareRendering {

    /** What to do before the toolkit starts. */
    public record Choice(boolean softwarePipeline, boolean disableGdkGl, String why) {
    }

    private static final List<String> DEVICES = List.of("dri", "nvidia0", "nvidiactl", "dxg");

    private SoftwareRendering() {
    }

    /**
     * @param osName    {@code os.name}
     * @param property  the system properties
     * @param env       the environment
     * @param dev       the devices folder ({@code /dev})
     */
    public static Choice decide(String osName, UnaryOperator<String> property, UnaryOperator<String> env, Path dev) {
        String forced = property.apply("brainconsole.softwareRendering");
        if ("false".equalsIgnoreCase(forced)) {
            return new Choice(false, false, "turned off (-Dbrainconsole.softwareRendering=false)");
        }
        boolean linux = osName != null && osName.toLowerCase(Locale.ROOT).startsWith("linux");
        if (!linux) {
            return new Choice(false, false, "not Linux");
        }
        if (property.apply("prism.order") != null) {
            return new Choice(false, false, "prism.order chosen: " + property.apply("prism.order"));
        }
        boolean wanted = "true".equalsIgnoreCase(forced);
        if (!wanted) {
            for (String device : DEVICES) {
                if (Files.exists(dev.resolve(device))) {
                    return new Choice(false, false, "graphics device " + dev.resolve(device));
                }
            }
        }
        return new Choice(true, env.apply("GDK_GL") == null,
                wanted ? "forced (-Dbrainconsole.softwareRendering=true)" : "no graphics device under " + dev);
    }

    /** Decides for this process and applies it; call before the toolkit starts. Never throws. */
    static Choice applyBeforeToolkit() {
        Choice choice = decide(System.getProperty("os.name"), System::getProperty, System::getenv, Path.of("/dev"));
        if (choice.softwarePipeline()) {
            System.setProperty("prism.order", "sw");
        }
        if (choice.disableGdkGl()) {
            try {
                LibC libc = LibC.INSTANCE;
                if (libc != null) {
                    libc.setenv("GDK_GL", "disable", 0);
                }
            } catch (RuntimeException | LinkageError e) {
                LoggerFactory.getLogger(SoftwareRendering.class).debug("GDK_GL not set: {}", e.toString());
            }
        }
        LoggerFactory.getLogger(SoftwareRendering.class).info("rendering: {} ({})",
                choice.softwarePipeline() ? "software" : "JavaFX's choice", choice.why());
        return choice;
    }
}
