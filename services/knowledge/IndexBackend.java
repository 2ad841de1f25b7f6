package services.knowledge;

import java.nio.file.Path;
import java.util.concurrent.Executor;
import services.workspace.IndexBackendKeys;
import services.workspace.IndexSettings;
import services.workspace.Secrets;
import services.workspace.Workspace;

/**
 * A knowledge index backend: its settings and form fields ({@link IndexBackendKeys}), how to open its adapter for a
 * workspace, and how the Settings screen tests its connection. A new backend is one class implementing this (its
 * adapter passing the contract suite) registered once in the composition (app.compose.IndexBackends).
 */
public interface IndexBackend extends IndexBackendKeys {

    /** What opening an adapter may use: the secrets a workspace names, and the lanes a search may run beside. */
    record Parts(Secrets secrets, Executor lanes) {
    }

    /** The outcome of a connection test: ok or not, and the one line to show (never a secret). */
    record Probe(boolean ok, String line) {
    }

    /**
     * Whether the index is shared with the running system (its agents recall from it, its critical.db builder
     * exports it): the console then writes there only documents of the kinds the system writes itself, never a
     * Brain page. An embedded index is the console's own.
     */
    boolean sharedWithRunningSystem();

    /** How a sentence names the index these settings open ("Typesense system_knowledge"); the backend's name by default. */
    default String where(IndexSettings settings) {
        return name();
    }

    /** The index these settings name in this workspace, untraced and without semantic search. */
    KnowledgeIndex open(IndexSettings settings, Workspace workspace, Parts parts);

    /** The label of the form's test button, or null when there is nothing to reach (an embedded index). */
    String testLabel();

    /**
     * Reaches what the settings name and says in one line what works or what failed; {@code typedKey}, when not
     * blank, is a secret typed in the form and not saved yet, used instead of the one the settings name.
     */
    Probe probe(IndexSettings settings, Path workspaceDir, Secrets secrets, String typedKey);
}
