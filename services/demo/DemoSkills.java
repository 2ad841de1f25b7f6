package services.demo;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes the demo skills ({@code skills/<dir>/SKILL.md}) with every description style of formats.md part 4
 * (plain, quoted, folded {@code >-}, literal {@code |}), one skill folder without SKILL.md and one SKILL.md with
 * broken YAML.
 */
final class DemoSkills {

    private final Path skillsDir;

    DemoSkills(Path skillsDir) {
        this.skillsDir = skillsDir;
    }

    int write() throws IOException {
        List<String[]> rows = DemoCatalog.rows("skills.tsv");
        for (String[] row : rows) {
            String dir = row[0];
            DemoWorkspace.write(skillsDir.resolve(dir).resolve("SKILL.md"), render(dir, row[1], row[2], row[3], row[4]));
        }
        Path draft = skillsDir.resolve("notes-draft");
        Files.createDirectories(draft);
        DemoWorkspace.write(draft.resolve("draft.md"), "Unfinished skill: no SKILL.md yet, so sync reports it.\n");
        DemoWorkspace.write(skillsDir.resolve("release-notes").resolve("SKILL.md"), """
                ---
                name: release-notes
                description: "Write release notes from merged pull requests
                version: 0.1.0
                ---
                # Release notes

                The description's quote is never closed: the sync reports this file and goes on.
                """);
        return rows.size() + 1;
    }

    private static String render(String dir, String style, String version, String tags, String description) {
        String display = displayName(dir);
        String descriptionYaml = switch (style) {
            case "quoted" -> "description: \"" + description.replace("\"", "\\\"") + "\"\n";
            case "folded" -> "description: >-\n" + indentWrapped(description);
            case "literal" -> "description: |\n" + indentWrapped(description);
            default -> description.contains(": ") ? "description: '" + description.replace("'", "''") + "'\n"
                    : "description: " + description + "\n";
        };
        return "---\nname: " + dir + "\ndisplayName: " + display + "\n" + descriptionYaml + "version: " + version
                + "\nauthor: joelhooks\ntags: [" + tags.replace(",", ", ") + "]\n"
                + ("dream-cycle".equals(dir) ? "disable-model-invocation: true\n" : "") + "---\n\n# " + display
                + "\n\n" + description + "\n\n## When to use\n\n- The task matches the description above.\n"
                + "- A retro or a lesson points at this skill.\n\n## Steps\n\n1. Read the relevant ADRs and lessons.\n"
                + "2. Do the work in small, verifiable steps.\n3. Record what you learned as a turn note.\n\n"
                + "## Gotchas\n\n- Never commit secrets.\n- Prefer exact ids over fuzzy search when deleting anything.\n";
    }

    private static String displayName(String dir) {
        StringBuilder out = new StringBuilder();
        for (String part : dir.split("-")) {
            out.append(out.length() == 0 ? "" : " ").append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
        }
        return out.toString();
    }

    /** The text as indented YAML block lines of about 70 characters. */
    private static String indentWrapped(String text) {
        StringBuilder out = new StringBuilder();
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            if (line.length() + word.length() > 70) {
                out.append("  ").append(line.toString().strip()).append('\n');
                line.setLength(0);
            }
            line.append(word).append(' ');
        }
        return out.append("  ").append(line.toString().strip()).append('\n').toString();
    }
}
