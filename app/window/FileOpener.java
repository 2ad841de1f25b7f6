package app.window;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.function.Predicate;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;

/**
 * Opens a file with the desktop's program for it. Where there is none (no {@code xdg-open} on a bare Linux), the
 * path is copied to the clipboard and a notice says so — never silence.
 */
final class FileOpener implements Consumer<String> {

    private final Consumer<String> open;
    private final Predicate<String> handlerAvailable;
    private final Consumer<String> notice;
    private final Consumer<String> copy;

    FileOpener(Consumer<String> open, Predicate<String> handlerAvailable, Consumer<String> notice,
               Consumer<String> copy) {
        this.open = open;
        this.handlerAvailable = handlerAvailable;
        this.notice = notice;
        this.copy = copy;
    }

    @Override
    public void accept(String path) {
        if (path == null || path.isBlank()) {
            return;
        }
        if (!Files.exists(Path.of(path))) {
            notice.accept("The file " + path + " is not there any more (moved or deleted since the last sync).");
            return;
        }
        if (!handlerAvailable.test(path)) {
            copy.accept(path);
            notice.accept("No program is set up to open files on this system (xdg-open is missing): the path was "
                    + "copied to the clipboard — " + path);
            return;
        }
        try {
            open.accept(path);
        } catch (RuntimeException e) {
            copy.accept(path);
            notice.accept("The file could not be opened (" + e.getMessage() + "): the path was copied to the "
                    + "clipboard — " + path);
        }
    }

    /** Whether the desktop can open a file: on Linux and BSD, an {@code xdg-open} on the PATH. */
    static boolean handlerAvailable(String path) {
        String os = System.getProperty("os.name", "").toLowerCase();
        if (os.contains("win") || os.contains("mac")) {
            return true;
        }
        return onPath("xdg-open", System.getenv("PATH"));
    }

    static boolean onPath(String program, String pathVariable) {
        if (pathVariable == null) {
            return false;
        }
        for (String dir : pathVariable.split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) {
                return true;
            }
        }
        return false;
    }

    static void copyToClipboard(String path) {
        ClipboardContent content = new ClipboardContent();
        content.putString(path);
        Clipboard.getSystemClipboard().setContent(content);
    }
}
