package services.workspace;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;

/**
 * Where the review branch is shared: {@code reviewRemote}, the name of a git remote (e.g. {@code origin}) used in
 * every repository that has a remote of that name, and {@code reviewKeyFile}, an SSH private key to use instead of
 * the user's own ({@code ~/.ssh}, agent). Absent {@code reviewRemote}: nothing is pushed or fetched, ever.
 *
 * @param remote  the remote's name, or null when the workspace shares nothing
 * @param keyFile the key file, resolved against the workspace folder, or null
 * @param problem why a key is wrong (named with its file and key), or null
 */
public record ReviewRemoteSettings(String remote, Path keyFile, String problem) {

    /** No sharing: nothing leaves the machine. */
    public static final ReviewRemoteSettings NONE = new ReviewRemoteSettings(null, null, null);

    public boolean enabled() {
        return remote != null && problem == null;
    }

    /** The sharing keys of a workspace's {@code workspace.json}. */
    public static ReviewRemoteSettings of(Workspace ws) {
        Path file = ws.dir().resolve(Workspace.FILE_NAME);
        JsonNode remote = ws.raw().get("reviewRemote");
        JsonNode key = ws.raw().get("reviewKeyFile");
        if (remote == null || remote.isNull()) {
            return NONE;
        }
        if (!remote.isTextual() || !remote.asText().matches("[A-Za-z0-9][A-Za-z0-9._-]{0,63}")) {
            return new ReviewRemoteSettings(null, null, file + " key 'reviewRemote': the name of a git remote "
                    + "(like \"origin\": letters, digits, '.', '_', '-') is expected. Nothing is pushed or fetched.");
        }
        Path keyFile = null;
        if (key != null && !key.isNull()) {
            if (!key.isTextual() || key.asText().isBlank()) {
                return new ReviewRemoteSettings(remote.asText(), null, file + " key 'reviewKeyFile': the path of an "
                        + "SSH private key file is expected. Nothing is pushed or fetched.");
            }
            String text = key.asText();
            keyFile = text.startsWith("~/") ? Path.of(UserHome.path()).resolve(text.substring(2)) : ws.dir().resolve(text);
        }
        return new ReviewRemoteSettings(remote.asText(), keyFile == null ? null : keyFile.normalize(), null);
    }
}
