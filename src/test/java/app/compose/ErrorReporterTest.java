package app.compose;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The user sees one line for an unexpected error, never a stack trace; and a closing program (SIGTERM, whose
 * shutdown disposes JavaFX's graphics while its thread may still handle an event) shows nothing at all.
 */
class ErrorReporterTest {

    private static final Path LOG = Path.of("/home/joel/.local/share/brain-console/logs");

    @Test
    void anUnexpectedErrorIsOneLineNamingTheLog() {
        List<String> shown = new ArrayList<>();
        new ErrorReporter(LOG, shown::add).uncaughtException(Thread.currentThread(), new IllegalStateException("boom"));
        assertThat(shown).singleElement().asString()
                .isEqualTo("Unexpected error (IllegalStateException: boom). Details are in " + LOG + ".")
                .doesNotContain("\tat ");
    }

    @Test
    void errorsWhileShuttingDownAreNotShown() {
        List<String> shown = new ArrayList<>();
        ErrorReporter reporter = new ErrorReporter(LOG, shown::add);
        reporter.shuttingDown();
        reporter.uncaughtException(Thread.currentThread(), new NullPointerException(
                "Cannot invoke \"com.sun.prism.GraphicsPipeline.is3DSupported()\""));
        assertThat(shown).isEmpty();
    }
}
