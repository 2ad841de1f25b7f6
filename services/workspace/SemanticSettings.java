package services.workspace;

/**
 * The {@code semantic} key of workspace.json: {@code {"enabled": true}} (the default) embeds documents in the
 * background after each sync and lets searches rank by meaning as well as words; {@code false} keeps recall
 * keyword-only and never loads the model.
 */
public record SemanticSettings(boolean enabled) {

    public static SemanticSettings of(Workspace workspace) {
        WorkspaceSettings.Semantic semantic = workspace.settings().semantic();
        if (semantic.problem() != null) {
            throw new WorkspaceException(semantic.problem());
        }
        return new SemanticSettings(semantic.enabled());
    }
}
