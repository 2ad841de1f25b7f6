package services.vault;

import java.util.List;

/**
 * Parses {@code SKILL.md} (formats.md part 4). The description may be plain, quoted, or a folded ({@code >-}) or
 * literal ({@code |}) block: a real YAML parser reads them all, where the running system's regex read only {@code >-}.
 */
public final class SkillParser {

    public record Skill(String name, String displayName, String description, String version, List<String> tags,
                        boolean modelInvocationDisabled, String body) {
    }

    public Skill parse(String dirName, String text) {
        Frontmatter front = Frontmatter.parse(text);
        if (!front.present()) {
            throw new VaultFileException("SKILL.md has no YAML frontmatter (name, description)");
        }
        String description = front.string("description");
        if (description == null) {
            throw new VaultFileException("SKILL.md frontmatter has no 'description'");
        }
        String name = front.string("name") == null ? dirName : front.string("name");
        return new Skill(name, front.string("displayName"), description.replaceAll("\\s*\n\\s*", " ").strip(),
                front.string("version"), front.list("tags"),
                "true".equalsIgnoreCase(front.string("disable-model-invocation")), front.body());
    }
}
