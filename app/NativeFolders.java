package app;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Locale;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import services.workspace.AppDirs;

/**
 * Native code the embedding model needs (onnxruntime, DJL's tokenizer, JNA) is unpacked into a folder of the
 * console's own — {@code <data>/native}, mode 0700, owned by the user — instead of the shared temp folder, where
 * another user could plant or swap a library between its unpacking and its loading. Set before any of them loads;
 * a setting the user gave on the command line is kept. If the folder cannot be made private, nothing is set and
 * the libraries use their defaults (logged).
 */
final class NativeFolders {

    private static final Logger LOG = LoggerFactory.getLogger(NativeFolders.class);
    private static final Set<PosixFilePermission> PRIVATE = PosixFilePermissions.fromString("rwx------");
    private static final String[] ORT_LIBRARIES = {"libonnxruntime.so", "libonnxruntime4j_jni.so"};

    private NativeFolders() {
    }

    static void configure(AppDirs dirs) {
        configure(dirs.data().resolve("native"), System::setProperty, System::getProperty);
    }

    /** @return the onnxruntime folder set, or null when onnxruntime keeps its default */
    static Path configure(Path base, BiConsumer<String, String> set, Function<String, String> get) {
        try {
            privateFolder(base.getParent());
            privateFolder(base);
            keep(set, get, "jna.tmpdir", privateFolder(base.resolve("jna")));
            Path djl = privateFolder(base.resolve("djl"));
            keep(set, get, "DJL_CACHE_DIR", djl);
            keep(set, get, "ENGINE_CACHE_DIR", djl);
            if (get.apply("onnxruntime.native.path") != null) {
                return null;
            }
            Path ort = onnxruntime(privateFolder(base.resolve("onnxruntime")));
            if (ort != null) {
                set.accept("onnxruntime.native.path", ort.toString());
            }
            return ort;
        } catch (IOException | RuntimeException e) {
            LOG.warn("Native libraries unpack into the default temp folders: {} cannot be made private ({})", base,
                    e.toString());
            return null;
        }
    }

    private static void keep(BiConsumer<String, String> set, Function<String, String> get, String key, Path value) {
        if (get.apply(key) == null) {
            set.accept(key, value.toString());
        }
    }

    /** Creates the folder with mode 0700, or makes an existing one (a real folder of this user's) 0700. */
    static Path privateFolder(Path dir) throws IOException {
        if (Files.isSymbolicLink(dir)) {
            throw new IOException(dir + " is a symbolic link");
        }
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            Files.createDirectories(dir.getParent());
            try {
                Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PRIVATE));
            } catch (FileAlreadyExistsException raced) {
                return privateFolder(dir);
            }
        }
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException(dir + " is not a folder");
        }
        String me = System.getProperty("user.name");
        String owner = Files.getOwner(dir, LinkOption.NOFOLLOW_LINKS).getName();
        if (me != null && !me.equals(owner)) {
            throw new IOException(dir + " belongs to " + owner + ", not " + me);
        }
        Files.setPosixFilePermissions(dir, PRIVATE);
        return dir;
    }

    /** Unpacks this platform's onnxruntime libraries (again when their size changed); null off Linux. */
    private static Path onnxruntime(Path dir) throws IOException {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        String platform = !os.contains("linux") ? null : arch.equals("amd64") || arch.equals("x86_64") ? "linux-x64"
                : arch.equals("aarch64") ? "linux-aarch64" : null;
        if (platform == null) {
            return null;
        }
        for (String name : ORT_LIBRARIES) {
            URL resource = NativeFolders.class.getResource("/ai/onnxruntime/native/" + platform + "/" + name);
            if (resource == null) {
                return null; // onnxruntime not on the class path
            }
            Path target = dir.resolve(name);
            long size = resource.openConnection().getContentLengthLong();
            if (Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS) && size >= 0 && Files.size(target) == size) {
                continue;
            }
            Path part = Files.createTempFile(dir, name, ".part");
            try (InputStream in = resource.openStream()) {
                Files.copy(in, part, StandardCopyOption.REPLACE_EXISTING);
                Files.move(part, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(part);
            }
        }
        return dir;
    }
}
