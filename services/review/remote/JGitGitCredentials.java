package services.review.remote;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.eclipse.jgit.errors.UnsupportedCredentialItem;
import org.eclipse.jgit.transport.CredentialItem;
import org.eclipse.jgit.transport.CredentialsProvider;
import org.eclipse.jgit.transport.URIish;

/**
 * HTTPS credentials from git's own credential helper ({@code git credential fill}, as the user configured it), asked
 * without a terminal prompt. What it answers is handed to the connection and kept nowhere else.
 */
final class JGitGitCredentials extends CredentialsProvider {

    private final Path home;

    JGitGitCredentials(Path home) {
        this.home = home;
    }

    @Override
    public boolean isInteractive() {
        return false;
    }

    @Override
    public boolean supports(CredentialItem... items) {
        for (CredentialItem i : items) {
            if (!(i instanceof CredentialItem.Username) && !(i instanceof CredentialItem.Password)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public boolean get(URIish uri, CredentialItem... items) throws UnsupportedCredentialItem {
        String user = null;
        char[] password = null;
        try {
            ProcessBuilder pb = new ProcessBuilder("git", "credential", "fill");
            pb.environment().put("GIT_TERMINAL_PROMPT", "0");
            pb.environment().put("HOME", home.toString());
            pb.environment().remove("GIT_ASKPASS");
            pb.environment().remove("SSH_ASKPASS");
            pb.redirectError(ProcessBuilder.Redirect.DISCARD);
            Process p = pb.start();
            try (OutputStream in = p.getOutputStream()) {
                String host = uri.getHost() + (uri.getPort() > 0 ? ":" + uri.getPort() : "");
                String ask = "protocol=" + uri.getScheme() + "\nhost=" + host + "\n"
                        + (uri.getPath() == null ? "" : "path=" + uri.getPath().replaceFirst("^/", "") + "\n")
                        + (uri.getUser() == null ? "" : "username=" + uri.getUser() + "\n") + "\n";
                in.write(ask.getBytes(StandardCharsets.UTF_8));
            }
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return false;
            }
            String answer = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (p.exitValue() != 0) {
                return false;
            }
            for (String line : answer.split("\n")) {
                if (line.startsWith("username=")) {
                    user = line.substring("username=".length());
                } else if (line.startsWith("password=")) {
                    password = line.substring("password=".length()).toCharArray();
                }
            }
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        if (user == null || password == null) {
            return false;
        }
        for (CredentialItem i : items) {
            if (i instanceof CredentialItem.Username u) {
                u.setValue(user);
            } else if (i instanceof CredentialItem.Password pw) {
                pw.setValue(password);
            } else {
                throw new UnsupportedCredentialItem(uri, i.getClass().getName() + ":" + i.getPromptText());
            }
        }
        return true;
    }
}
