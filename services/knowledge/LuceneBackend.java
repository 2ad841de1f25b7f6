package services.knowledge;

import java.nio.file.Path;
import services.workspace.IndexSettings;
import services.workspace.Secrets;
import services.workspace.Workspace;

/** The embedded index ({@code "backend": "lucene"}, the default): a folder in the workspace, no server, no fields. */
public final class LuceneBackend implements IndexBackend {

    public static final String NAME = "lucene";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "lucene: embedded, no server";
    }

    @Override
    public boolean embedded() {
        return true;
    }

    @Override
    public boolean sharedWithRunningSystem() {
        return false;
    }

    @Override
    public String where(IndexSettings settings) {
        return "the embedded index";
    }

    @Override
    public KnowledgeIndex open(IndexSettings settings, Workspace workspace, Parts parts) {
        return new LuceneKnowledgeIndex(workspace.indexDir(), settings.embeddingDimensions()).searchingBeside(parts.lanes());
    }

    @Override
    public String testLabel() {
        return null;
    }

    @Override
    public Probe probe(IndexSettings settings, Path workspaceDir, Secrets secrets, String typedKey) {
        return new Probe(true, "The embedded index needs no connection.");
    }
}
