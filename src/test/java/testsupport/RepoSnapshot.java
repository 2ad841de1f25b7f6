package testsupport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import services.vault.FileText;

/** Every working-tree file of a repository, its index, HEAD and default branch, by content hash. */
public final class RepoSnapshot {

    private RepoSnapshot() {
    }

    public static Map<String, String> of(Path repo) throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(repo)) {
            for (Path p : walk.filter(Files::isRegularFile).toList()) {
                String rel = repo.relativize(p).toString();
                if (!rel.startsWith(".git/") || rel.equals(".git/index") || rel.equals(".git/HEAD")
                        || rel.equals(".git/refs/heads/main")) {
                    out.put(rel, FileText.sha256(Files.readAllBytes(p)));
                }
            }
        }
        return out;
    }
}
