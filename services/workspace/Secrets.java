package services.workspace;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Set;

/**
 * Reads the secrets a workspace names but never holds: the Typesense API key from an environment variable
 * ({@code index.apiKeyEnv}) or from a file only its owner may read ({@code index.apiKeyFile}, mode 0600 or
 * stricter). Messages name the variable or file and never the value.
 */
public final class Secrets {

    private final Map<String, String> env;

    public Secrets(Map<String, String> env) {
        this.env = env;
    }

    public static Secrets fromEnvironment() {
        return new Secrets(System.getenv());
    }

    public String typesenseKey(IndexSettings index, Path workspaceDir) {
        if (index.apiKeyEnv() != null) {
            String value = env.get(index.apiKeyEnv());
            if (value == null || value.isBlank()) {
                throw new WorkspaceException("The environment variable " + index.apiKeyEnv()
                        + " (index.apiKeyEnv) is not set: it must hold the Typesense API key.");
            }
            return value.strip();
        }
        if (index.apiKeyFile() != null) {
            return fromFile(workspaceDir.resolve(expand(index.apiKeyFile())).normalize());
        }
        throw new WorkspaceException("The typesense backend needs an API key: set index.apiKeyEnv (an environment "
                + "variable's name) or index.apiKeyFile (a file of mode 0600) in workspace.json.");
    }

    private String fromFile(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new WorkspaceException("The API key file " + file + " (index.apiKeyFile) does not exist.");
        }
        try {
            Set<PosixFilePermission> perms = Files.getPosixFilePermissions(file);
            if (perms.stream().anyMatch(p -> p.name().startsWith("GROUP") || p.name().startsWith("OTHERS"))) {
                throw new WorkspaceException("The API key file " + file + " (index.apiKeyFile) can be read by others ("
                        + PosixFilePermissions.toString(perms) + "): make it yours only with chmod 600 " + file + ".");
            }
        } catch (UnsupportedOperationException notPosix) {
            // Windows: the file's ACL is the user's business
        } catch (IOException e) {
            throw new WorkspaceException("Cannot check the permissions of " + file + ": " + e.getMessage(), e);
        }
        try {
            String key = Files.readString(file, StandardCharsets.UTF_8).strip();
            if (key.isEmpty()) {
                throw new WorkspaceException("The API key file " + file + " (index.apiKeyFile) is empty.");
            }
            return key;
        } catch (IOException e) {
            throw new WorkspaceException("Cannot read the API key file " + file + ": " + e.getMessage(), e);
        }
    }

    private static String expand(String path) {
        return path.startsWith("~/") ? UserHome.path() + path.substring(1) : path;
    }

    /** Writes a secret to a new file that only its owner can read (0600 from the start, never wider). */
    public static void writePrivate(Path file, String secret) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Files.deleteIfExists(file);
            try {
                Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            } catch (UnsupportedOperationException notPosix) {
                Files.createFile(file);
            }
            Files.writeString(file, secret + "\n", StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new WorkspaceException("Cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
