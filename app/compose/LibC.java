package app.compose;

import com.sun.jna.Library;
import com.sun.jna.Native;
import java.util.Locale;
import org.slf4j.LoggerFactory;

/** The few C library calls the window's process makes through JNA; loaded on Linux only, null elsewhere. */
public interface LibC extends Library {

    LibC INSTANCE = load();

    /** {@code setpriority(2)}: on Linux, with {@code who = 0}, the calling thread's nice value. */
    int setpriority(int which, int who, int prio);

    /** {@code setenv(3)}: for native libraries that read the environment when they start (GTK). */
    int setenv(String name, String value, int overwrite);

    private static LibC load() {
        if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("linux")) {
            return null; // on macOS setpriority would lower the whole process
        }
        try {
            return Native.load("c", LibC.class);
        } catch (RuntimeException | LinkageError e) {
            LoggerFactory.getLogger(LibC.class).debug("No C library through JNA: {}", e.toString());
            return null;
        }
    }
}
