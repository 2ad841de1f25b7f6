package services.embedding;

import com.sun.jna.Function;
import com.sun.jna.NativeLibrary;
import org.slf4j.LoggerFactory;

/**
 * glibc's malloc raises its threshold for serving a request with its own mapping every time such a mapping is
 * freed (up to 32 MB), so after onnxruntime loads the model, its later large buffers come from malloc's arenas and
 * stay resident when freed. A fixed threshold of 128 KB (glibc's starting value; {@code MALLOC_MMAP_THRESHOLD_}
 * does the same from the environment) gives them back. Set once, as the window starts (and before a command loads
 * the model); anywhere but Linux with glibc it does nothing.
 */
public final class NativeMemory {

    private static final int M_MMAP_THRESHOLD = -3; // malloc.h
    private static boolean done;

    private NativeMemory() {
    }

    public static synchronized void fixMmapThreshold() {
        if (done) {
            return;
        }
        done = true;
        if (!System.getProperty("os.name", "").startsWith("Linux") || System.getenv("MALLOC_MMAP_THRESHOLD_") != null
                || Boolean.getBoolean("brainconsole.dynamicMmapThreshold")) {
            return; // not glibc's malloc, or the environment chose (-Dbrainconsole.dynamicMmapThreshold: glibc's default)
        }
        try {
            Function mallopt = NativeLibrary.getInstance("c").getFunction("mallopt");
            mallopt.invokeInt(new Object[] {M_MMAP_THRESHOLD, 128 * 1024});
        } catch (Throwable notGlibc) { // musl has mallopt too (it ignores it); no JNA: memory as before
            LoggerFactory.getLogger(NativeMemory.class).debug("mallopt not called: {}", notGlibc.toString());
        }
    }
}
