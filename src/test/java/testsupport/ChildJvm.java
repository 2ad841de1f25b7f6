package testsupport;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of a child JVM that runs {@code main} on this JVM's class path: a console killed mid-write, a
 * second process holding a lock. It starts with the client compiler only and the serial collector — a child that
 * lives a few seconds starts about twice as fast, and what it does is the same.
 */
public final class ChildJvm {

    private ChildJvm() {
    }

    public static List<String> command(Class<?> main, String... args) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xshare:auto", "-cp", System.getProperty("java.class.path"),
                main.getName()));
        command.addAll(List.of(args));
        return command;
    }
}
