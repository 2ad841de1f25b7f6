package app.window;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Opening a source file never does nothing: without a program for it, the path is copied and a notice says so. */
class FileOpenerTest {

    @TempDir
    Path tmp;

    @Test
    void withoutAHandlerThePathIsCopiedAndTheUserIsTold() throws Exception {
        Path file = Files.writeString(tmp.resolve("0001-x.md"), "# x");
        List<String> opened = new ArrayList<>();
        List<String> notices = new ArrayList<>();
        List<String> copied = new ArrayList<>();
        new FileOpener(opened::add, p -> false, notices::add, copied::add).accept(file.toString());
        assertThat(opened).isEmpty();
        assertThat(copied).containsExactly(file.toString());
        assertThat(notices).singleElement().asString().contains("copied to the clipboard").contains(file.toString());

        notices.clear();
        new FileOpener(opened::add, p -> true, notices::add, copied::add).accept(file.toString());
        assertThat(opened).containsExactly(file.toString());
        assertThat(notices).isEmpty();

        new FileOpener(opened::add, p -> true, notices::add, copied::add).accept(tmp.resolve("gone.md").toString());
        assertThat(notices).singleElement().asString().contains("is not there any more");
    }

    @Test
    void xdgOpenIsLookedUpOnThePath() throws Exception {
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        assertThat(FileOpener.onPath("xdg-open", bin.toString())).isFalse();
        Path tool = Files.writeString(bin.resolve("xdg-open"), "#!/bin/sh\n");
        tool.toFile().setExecutable(true);
        assertThat(FileOpener.onPath("xdg-open", "/nonexistent" + File.pathSeparator + bin)).isTrue();
    }
}
