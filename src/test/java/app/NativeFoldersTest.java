package app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue #25: onnxruntime, DJL and JNA unpack into a private (0700) folder of the console, not the shared /tmp. */
class NativeFoldersTest {

    @TempDir
    Path tmp;

    private static String mode(Path p) throws Exception {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
    }

    @Test
    void nativeLibrariesGoToAPrivateFolderOfTheConsole() throws Exception {
        Map<String, String> props = new HashMap<>();
        Path base = tmp.resolve("data/native");
        Path ort = NativeFolders.configure(base, props::put, props::get);
        assertEquals(base.resolve("jna").toString(), props.get("jna.tmpdir"));
        assertEquals(base.resolve("djl").toString(), props.get("DJL_CACHE_DIR"));
        assertEquals(base.resolve("djl").toString(), props.get("ENGINE_CACHE_DIR"));
        for (Path dir : new Path[] {base, base.resolve("jna"), base.resolve("djl")}) {
            assertEquals("rwx------", mode(dir), dir.toString());
        }
        if (System.getProperty("os.name").toLowerCase().contains("linux")) {
            assertEquals(base.resolve("onnxruntime"), ort);
            assertEquals(ort.toString(), props.get("onnxruntime.native.path"));
            assertThat(Files.size(ort.resolve("libonnxruntime.so"))).isGreaterThan(1_000_000);
            assertThat(ort.resolve("libonnxruntime4j_jni.so")).exists();
            assertEquals("rwx------", mode(ort));
            long modified = Files.getLastModifiedTime(ort.resolve("libonnxruntime.so")).toMillis();
            NativeFolders.configure(base, new HashMap<String, String>()::put, k -> null); // unpacked once
            assertEquals(modified, Files.getLastModifiedTime(ort.resolve("libonnxruntime.so")).toMillis());
        }
    }

    @Test
    void aWideOpenFolderIsMadePrivateAndALinkedOneIsNotUsed() throws Exception {
        Path base = Files.createDirectories(tmp.resolve("open/native"));
        Files.setPosixFilePermissions(base, PosixFilePermissions.fromString("rwxrwxrwx"));
        Map<String, String> props = new HashMap<>();
        NativeFolders.configure(base, props::put, props::get);
        assertEquals("rwx------", mode(base));

        Path elsewhere = Files.createDirectories(tmp.resolve("shared"));
        Path linked = tmp.resolve("linked/native");
        Files.createDirectories(linked.getParent());
        Files.createSymbolicLink(linked, elsewhere);
        Map<String, String> none = new HashMap<>();
        assertNull(NativeFolders.configure(linked, none::put, none::get));
        assertThat(none).isEmpty();

        Map<String, String> given = new HashMap<>(Map.of("onnxruntime.native.path", "/opt/ort"));
        NativeFolders.configure(tmp.resolve("given/native"), given::put, given::get);
        assertEquals("/opt/ort", given.get("onnxruntime.native.path"));
    }
}
