package services.workspace;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The {@code semantic} key of workspace.json: {@code {"enabled": true}} (the default) embeds documents in the
 * background after each sync and lets searches rank by meaning as well as words; {@code false} keeps recall
 * keyword-only and never loads the model.
 */
public record SemanticSettings(boolean enabled) {

    public static SemanticSettings of(Workspace workspace) {
        JsonNode node = workspace.raw().path("semantic");
        if (node.isMissingNode() || node.isNull()) {
            return new SemanticSettings(true);
        }
        String file = workspace.dir().resolve(Workspace.FILE_NAME).toString();
        if (!node.isObject()) {
            throw new WorkspaceException(file + " key 'semantic': expected an object like {\"enabled\": true}.");
        }
        JsonNode enabled = node.path("enabled");
        if (!enabled.isMissingNode() && !enabled.isBoolean()) {
            throw new WorkspaceException(file + " key 'semantic.enabled': expected true or false, found " + enabled + ".");
        }
        return new SemanticSettings(enabled.asBoolean(true));
    }
}
