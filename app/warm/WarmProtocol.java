package app.warm;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The local socket between a command and the console that owns a workspace (a window or a headless
 * {@code scheduler}): where it lives, which commands may go through it, and its two messages. Plain
 * {@code java.base} only — the client side runs before picocli, Jackson or Logback are loaded.
 *
 * <p>A request is the client's workspace folder, its data folders, its environment and the command's arguments
 * (without {@code --workspace}); an answer is the exit code and what the command printed on stdout and stderr, or a
 * refusal, after which the client runs the command itself.
 */
public final class WarmProtocol {

    static final int MAGIC = 0x42435731; // "BCW1"
    static final int MAX_STRING = 16 << 20;
    static final int MAX_ITEMS = 10_000;

    private WarmProtocol() {
    }

    /** The owner's socket: {@code state/warm/owner.sock} in the workspace (folder 0700, socket 0600). */
    public static Path socket(Path workspaceDir) {
        return workspaceDir.resolve("state").resolve("warm").resolve("owner.sock");
    }

    /**
     * How many leading arguments name an allowed read command — 1 for {@code search}, 2 for {@code failed list} —
     * or 0: every other command (all writes among them) never goes through the socket.
     */
    public static int commandLength(List<String> args) {
        if (!args.isEmpty() && args.get(0).equals("search")) {
            return 1;
        }
        if (args.size() >= 2 && args.get(0).equals("failed") && args.get(1).equals("list")) {
            return 2;
        }
        return 0;
    }

    /** What the client asks. */
    public record Request(String workspace, String configDir, String dataDir, Map<String, String> env,
                          List<String> args) {

        void write(DataOutputStream out) throws IOException {
            out.writeInt(MAGIC);
            string(out, workspace);
            string(out, configDir);
            string(out, dataDir);
            out.writeInt(env.size());
            for (Map.Entry<String, String> e : env.entrySet()) {
                string(out, e.getKey());
                string(out, e.getValue());
            }
            out.writeInt(args.size());
            for (String a : args) {
                string(out, a);
            }
            out.flush();
        }

        static Request read(DataInputStream in) throws IOException {
            if (in.readInt() != MAGIC) {
                throw new IOException("not a Brain Console request");
            }
            String workspace = string(in);
            String config = string(in);
            String data = string(in);
            int n = count(in);
            Map<String, String> env = new LinkedHashMap<>();
            for (int i = 0; i < n; i++) {
                env.put(string(in), string(in));
            }
            int a = count(in);
            List<String> args = new ArrayList<>();
            for (int i = 0; i < a; i++) {
                args.add(string(in));
            }
            return new Request(workspace, config, data, env, List.copyOf(args));
        }
    }

    /** What the owner answers: the command's exit code and output, or why it leaves the command to the client. */
    public record Answer(int exitCode, String out, String err, String declined) {

        public static Answer of(int exitCode, String out, String err) {
            return new Answer(exitCode, out, err, null);
        }

        public static Answer decline(String reason) {
            return new Answer(-1, "", "", reason);
        }

        public boolean answered() {
            return declined == null;
        }

        void write(DataOutputStream out) throws IOException {
            out.writeInt(MAGIC);
            out.writeBoolean(answered());
            if (answered()) {
                out.writeInt(exitCode);
                string(out, this.out);
                string(out, err);
            } else {
                string(out, declined);
            }
            out.flush();
        }

        static Answer read(DataInputStream in) throws IOException {
            if (in.readInt() != MAGIC) {
                throw new IOException("not a Brain Console answer");
            }
            if (!in.readBoolean()) {
                return decline(string(in));
            }
            int code = in.readInt();
            return of(code, string(in), string(in));
        }
    }

    private static void string(DataOutputStream out, String s) throws IOException {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    private static String string(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > MAX_STRING) {
            throw new IOException("string of " + n + " bytes");
        }
        byte[] bytes = in.readNBytes(n);
        if (bytes.length < n) {
            throw new EOFException("cut short after " + bytes.length + " of " + n + " bytes");
        }
        return new String(bytes, StandardCharsets.UTF_8);
    }

    private static int count(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > MAX_ITEMS) {
            throw new IOException(n + " items");
        }
        return n;
    }
}
