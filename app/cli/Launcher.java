package app.cli;

import java.nio.file.Path;

/** How the user started the console, to tell them the command to type next. */
final class Launcher {

    private Launcher() {
    }

    /** {@code brain-console} from the installed launcher, else {@code java -jar <the jar>}. */
    static String command() {
        if (System.getProperty("jpackage.app-path") != null) {
            return "brain-console";
        }
        try {
            Path jar = Path.of(Launcher.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (jar.getFileName().toString().endsWith(".jar")) {
                return "java -jar " + quoted(jar.toString());
            }
        } catch (Exception notAFile) {
            // run from classes (tests, an IDE): the jar's usual place
        }
        return "java -jar target/brain-console.jar";
    }

    private static String quoted(String path) {
        return path.matches("[A-Za-z0-9_./~:@+-]+") ? path : "'" + path.replace("'", "'\\''") + "'";
    }
}
