package services.review.remote;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Optional;
import java.util.Set;

/** The checks an SSH private key named in a workspace must pass before it is used (as ssh itself does). */
final class KeyFiles {

    private KeyFiles() {
    }

    /** Why {@code key} must not be used (missing, not a file, readable by others), or empty. */
    static Optional<String> problem(Path key) {
        if (!Files.exists(key)) {
            return Optional.of("The SSH key file " + key + " (workspace key 'reviewKeyFile') does not exist.");
        }
        if (!Files.isRegularFile(key) || !Files.isReadable(key)) {
            return Optional.of("The SSH key file " + key + " (workspace key 'reviewKeyFile') is not a readable file.");
        }
        try {
            Set<PosixFilePermission> perms = Files.getPosixFilePermissions(key);
            if (perms.contains(PosixFilePermission.GROUP_READ) || perms.contains(PosixFilePermission.OTHERS_READ)
                    || perms.contains(PosixFilePermission.GROUP_WRITE) || perms.contains(PosixFilePermission.OTHERS_WRITE)) {
                return Optional.of("The SSH key file " + key + " can be read or changed by other users, so it is not "
                        + "used. Run: chmod 600 '" + key + "'");
            }
        } catch (UnsupportedOperationException notPosix) {
            return Optional.empty();
        } catch (IOException e) {
            return Optional.of("Cannot read the permissions of the SSH key file " + key + ": " + e.getMessage());
        }
        return Optional.empty();
    }
}
