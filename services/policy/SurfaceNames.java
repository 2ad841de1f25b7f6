package services.policy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import services.text.PlainText;
import services.workspace.Workspace;

/**
 * The name of the surface a change lies in — the first entry of {@code policy.surfaces} in {@code workspace.json}
 * whose repository and path (or glob) match the target — for receipts and for checks configured per surface; null
 * when the workspace names none that matches. It only reads names: the surfaces' levels and their validation are the
 * ladder's. An entry that cannot be read names nothing.
 */
public final class SurfaceNames {

    private static final ObjectMapper JSON = new ObjectMapper();

    private record Named(String name, String repo, String path) {
    }

    private final List<Named> surfaces;

    private SurfaceNames(List<Named> surfaces) {
        this.surfaces = List.copyOf(surfaces);
    }

    public static SurfaceNames none() {
        return new SurfaceNames(List.of());
    }

    /** The surfaces {@code workspace.json} in {@code dir} names now (none when it cannot be read). */
    public static SurfaceNames read(Path dir) {
        try {
            JsonNode root = JSON.readTree(Files.readAllBytes(dir.resolve(Workspace.FILE_NAME)));
            return of(root == null ? null : root.path("policy").get("surfaces"));
        } catch (IOException | RuntimeException unreadable) {
            return none();
        }
    }

    /** From a {@code policy.surfaces} list of {@code {"name", "repo", "path"}} objects. */
    public static SurfaceNames of(JsonNode list) {
        List<Named> out = new ArrayList<>();
        if (list != null && list.isArray()) {
            for (JsonNode s : list) {
                String name = s.path("name").asText("");
                String path = s.path("path").asText(s.path("glob").asText(""));
                String repo = s.path("repo").isTextual() ? s.path("repo").asText() : null;
                if (!name.isBlank() && !path.isBlank() && name.length() <= 200 && PlainText.problem(name).isEmpty()) {
                    out.add(new Named(name.strip(), repo, path));
                }
            }
        }
        return new SurfaceNames(out);
    }

    /** The name of the first surface holding {@code target} in {@code repo}, or null. */
    public String nameOf(String repo, String target) {
        if (target == null) {
            return null;
        }
        for (Named s : surfaces) {
            if ((s.repo() == null || s.repo().equals(repo)) && Guardrails.matches(s.path(), target)) {
                return s.name();
            }
        }
        return null;
    }
}
