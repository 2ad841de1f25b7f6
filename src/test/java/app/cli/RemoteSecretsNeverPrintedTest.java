package app.cli;

import static app.cli.DemoCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import app.compose.ScrubbedLog;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.PatternLayout;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.slf4j.LoggerFactory;
import services.review.remote.ReviewSharingTestPorts;
import testsupport.GitRemotes;

/**
 * The shared review branch's secrets are the user's own git setup — a password or token in the remote's address,
 * the contents of the key file named by {@code reviewKeyFile} — and none of them ever reaches a command's output
 * (text or --json), the state file, the inbox or a log line, whatever characters the password holds.
 */
class RemoteSecretsNeverPrintedTest {

    private static final String SECRET = "S3cr3tPW";

    @TempDir
    Path tmp;

    private final ListAppender<ILoggingEvent> logged = new ListAppender<>();
    private Logger root;

    @BeforeEach
    void captureLogs() {
        root = ((LoggerContext) LoggerFactory.getILoggerFactory()).getLogger(Logger.ROOT_LOGGER_NAME);
        logged.start();
        root.addAppender(logged);
    }

    @AfterEach
    void stopCapturing() {
        root.detachAppender(logged);
    }

    /** Each log line as the console's log file writes it (through its scrubbing converter). */
    private List<String> logLines() {
        PatternLayout layout = new PatternLayout();
        layout.setContext(root.getLoggerContext());
        layout.getInstanceConverterMap().put("scrub", ScrubbedLog::new);
        layout.setPattern("%-5level - %scrub(%msg%n%ex)%nopex");
        layout.start();
        return logged.list.stream().map(layout::doLayout).toList();
    }

    private List<String> everything(String ws) throws Exception {
        List<String> out = new ArrayList<>();
        for (List<String> command : List.of(List.of("sync-review"), List.of("sync-review", "--status"),
                List.of("inbox"))) {
            for (boolean json : new boolean[] {false, true}) {
                List<String> args = new ArrayList<>(command);
                args.addAll(List.of("--workspace", ws));
                if (json) {
                    args.add("--json");
                }
                DemoCommandTest.Run r = run(args.toArray(String[]::new));
                out.add(args + ": " + r.out() + r.err());
            }
        }
        Path state = Path.of(ws, "state");
        if (Files.isDirectory(state)) {
            try (Stream<Path> files = Files.list(state)) {
                for (Path f : files.filter(Files::isRegularFile).toList()) {
                    out.add(f + ": " + Files.readString(f));
                }
            }
        }
        out.addAll(logLines());
        return out;
    }

    @ParameterizedTest
    @ValueSource(strings = {"https://joel:S3cr3tPW@127.0.0.1:PORT/r.git", "https://joel:S3cr3tPW/x@127.0.0.1:PORT/r.git",
        "https://joel:S3c@r3tPW@127.0.0.1:PORT/r.git", "https://S3cr3tPW@127.0.0.1:PORT/r.git",
        "ssh://joel:S3cr3tPW@127.0.0.1:PORT/r.git", "https://joel:S3cr3tPW#x@127.0.0.1:PORT/r.git"})
    void aPasswordInTheRemotesAddressIsNeverPrintedStoredOrLogged(String url) throws Exception {
        Path bare = GitRemotes.bare(tmp);
        Path repo = GitRemotes.clone(bare, tmp.resolve("a"));
        GitRemotes.git(repo, "remote", "set-url", "origin",
                url.replace("PORT", String.valueOf(ReviewSharingTestPorts.closed())));
        GitRemotes.workspace(tmp.resolve("ws"), repo, "\"reviewRemote\": \"origin\"");
        GitRemotes.decide(repo, "skills/x.md", "x\n", "p-1", "joel");
        List<String> seen = everything(tmp.resolve("ws").toString());
        assertThat(String.join("\n", seen)).as("a push was tried").contains("1 decision not pushed");
        for (String s : seen) {
            assertThat(s).doesNotContain(SECRET).doesNotContain("r3tPW");
        }
    }

    @Test
    void theKeyFilesContentsAreNeverPrintedAndOneOthersCanReadIsRefusedWithTheChmodHint() throws Exception {
        Path bare = GitRemotes.bare(tmp);
        Path repo = GitRemotes.clone(bare, tmp.resolve("a"));
        GitRemotes.git(repo, "remote", "set-url", "origin",
                "ssh://git@127.0.0.1:" + ReviewSharingTestPorts.closed() + "/r.git");
        Path key = tmp.resolve("id_review");
        Files.writeString(key, "-----BEGIN OPENSSH PRIVATE KEY-----\n" + SECRET + "\n-----END OPENSSH PRIVATE KEY-----\n");
        Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-r--r--"));
        GitRemotes.workspace(tmp.resolve("ws"), repo, "\"reviewRemote\": \"origin\", \"reviewKeyFile\": \"" + key + "\"");
        GitRemotes.decide(repo, "skills/x.md", "x\n", "p-1", "joel");
        List<String> seen = everything(tmp.resolve("ws").toString());
        assertThat(String.join("\n", seen)).contains("chmod 600", key.toString());
        for (String s : seen) {
            assertThat(s).doesNotContain(SECRET).doesNotContain("BEGIN OPENSSH");
        }
    }
}
