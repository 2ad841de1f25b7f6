package services.workspace;

import java.nio.file.Path;
import java.util.Map;

/**
 * Where the console keeps its own files, following the XDG base directories on Linux
 * ({@code $XDG_CONFIG_HOME/brain-console}, {@code $XDG_DATA_HOME/brain-console}). The system property
 * {@code brainconsole.home} puts both under one folder (tests, portable installs).
 */
public record AppDirs(Path config, Path data) {

    public static AppDirs fromEnvironment() {
        return from(System.getenv(), UserHome.path(), System.getProperty("brainconsole.home"));
    }

    static AppDirs from(Map<String, String> env, String userHome, String override) {
        if (override != null && !override.isBlank()) {
            Path home = Path.of(override);
            return new AppDirs(home.resolve("config"), home.resolve("data"));
        }
        Path home = Path.of(userHome);
        Path config = base(env.get("XDG_CONFIG_HOME"), home.resolve(".config"));
        Path data = base(env.get("XDG_DATA_HOME"), home.resolve(".local").resolve("share"));
        return new AppDirs(config.resolve("brain-console"), data.resolve("brain-console"));
    }

    private static Path base(String value, Path fallback) {
        // The XDG spec says relative values are invalid and must be ignored.
        return value != null && !value.isBlank() && Path.of(value).isAbsolute() ? Path.of(value) : fallback;
    }

    public Path logs() {
        return data.resolve("logs");
    }

    public Path demoWorkspace() {
        return data.resolve("demo-workspace");
    }
}
