package services.review.remote;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.eclipse.jgit.transport.SshTransport;
import org.eclipse.jgit.transport.Transport;
import org.eclipse.jgit.transport.sshd.SshdSessionFactory;
import org.eclipse.jgit.transport.sshd.SshdSessionFactoryBuilder;

/**
 * The user's own git credentials, never stored or printed by the console: for SSH, the keys, {@code config} and
 * {@code known_hosts} in {@code ~/.ssh} and the ssh agent — or the one key file the workspace names, used only when
 * no one else can read it (as ssh itself insists); for HTTPS, git's credential helper.
 */
public final class JGitSshCredentials {

    private final Path home;
    private final Path keyFile;
    private SshdSessionFactory factory;

    /** {@code home}: the user's home folder (its {@code .ssh}); {@code keyFile}: the workspace's key, or null. */
    public JGitSshCredentials(Path home, Path keyFile) {
        this.home = home;
        this.keyFile = keyFile;
    }

    void configure(Transport t) {
        if (t instanceof SshTransport ssh) {
            if (keyFile != null) {
                KeyFiles.problem(keyFile).ifPresent(why -> {
                    throw new RemoteRefused(why + " Nothing was pushed or fetched.");
                });
            }
            ssh.setSshSessionFactory(factory());
        } else {
            t.setCredentialsProvider(new JGitGitCredentials(home));
        }
    }

    private synchronized SshdSessionFactory factory() {
        if (factory == null) {
            SshdSessionFactoryBuilder b = new SshdSessionFactoryBuilder().setHomeDirectory(home.toFile())
                    .setSshDirectory(home.resolve(".ssh").toFile()).setPreferredAuthentications("publickey")
                    .withDefaultConnectorFactory();
            if (keyFile != null) {
                b.setDefaultIdentities(sshDir -> List.of(keyFile));
            }
            factory = b.build(null);
        }
        return factory;
    }

    /** A transport failure in words, every cause's message once (JGit wraps the one that says why). */
    static String explain(Throwable e) {
        StringBuilder out = new StringBuilder();
        for (Throwable c = e; c != null && c != c.getCause(); c = c.getCause()) {
            String m = c.getMessage();
            if (m != null && !m.isBlank() && out.indexOf(m) < 0) {
                out.append(out.length() == 0 ? "" : ": ").append(m.strip());
            }
        }
        String text = out.length() == 0 ? e.getClass().getSimpleName() : out.toString();
        String lower = text.toLowerCase(Locale.ROOT);
        if (lower.contains("known_hosts") || lower.contains("server key did not validate")
                || lower.contains("host key")) {
            text += " — the server's host key is not in ~/.ssh/known_hosts; connect once with ssh to check and "
                    + "accept it.";
        } else if (isAuth(lower)) {
            text += " — check the key (workspace key 'reviewKeyFile', ~/.ssh or the ssh agent) or git's credential "
                    + "helper for this address.";
        }
        return text;
    }

    static boolean isAuthFailure(IOException e) {
        return isAuth(explain0(e).toLowerCase(Locale.ROOT));
    }

    private static boolean isAuth(String lower) {
        return lower.contains("auth fail") || lower.contains("authentication") || lower.contains("not authorized")
                || lower.contains("permission denied") || lower.contains("no more authentication methods")
                || lower.contains("server key did not validate") || lower.contains("known_hosts");
    }

    private static String explain0(Throwable e) {
        StringBuilder out = new StringBuilder();
        for (Throwable c = e; c != null && c != c.getCause(); c = c.getCause()) {
            out.append(c.getMessage()).append(' ');
        }
        return out.toString();
    }
}
