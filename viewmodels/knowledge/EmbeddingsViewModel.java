package viewmodels.knowledge;

import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import services.embedding.EmbeddingBackfill;
import services.knowledge.KnowledgeIndex;
import services.tasks.TaskCallbacks;
import services.tasks.TaskHandle;
import services.tasks.TaskRunner;

/**
 * Semantic search's state in the Knowledge browser: whether it is available (and why not), how many documents
 * have embeddings, and the background job that embeds the rest after a sync — with progress and cancel. Search
 * never waits for it.
 */
public final class EmbeddingsViewModel {

    private final KnowledgeIndex index;
    private final EmbeddingBackfill backfill;
    private final String unavailable;
    private final TaskRunner runner;
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(0);
    private Runnable afterEmbedding = () -> { };
    private TaskHandle current;
    private boolean again;

    /**
     * @param backfill    what embeds new documents; null when semantic search is off, or the workspace is
     *                    read-only (searching by meaning then uses the embeddings already there)
     * @param unavailable why semantic search is off (shown to the user), or null when it is on
     */
    public EmbeddingsViewModel(KnowledgeIndex index, EmbeddingBackfill backfill, String unavailable, TaskRunner runner) {
        this.index = index;
        this.backfill = backfill;
        this.unavailable = unavailable;
        this.runner = runner;
        status.set(unavailable != null ? "Semantic search off: " + unavailable : "Semantic search: checking…");
    }

    /** Called when new embeddings landed (the browser searches again if it ranks by meaning). */
    public void setAfterEmbedding(Runnable action) {
        this.afterEmbedding = action;
    }

    public boolean available() {
        return unavailable == null;
    }

    /** Embeds what has no embedding yet, in the background (after a sync, and when the workspace opens). */
    public void embedMissing() {
        if (backfill == null) {
            refresh(); // read-only: nothing is embedded here, but the count is worth showing
            return;
        }
        if (running.get()) {
            again = true; // the index changed while embedding: look again when this run ends
            return;
        }
        running.set(true);
        progress.set(-1);
        status.set("Semantic search: embedding documents…");
        current = runner.submitLong("Embedding documents", backfill::run, TaskCallbacks.<EmbeddingBackfill.Result>of(result -> {
            running.set(false);
            progress.set(1);
            refresh();
            if (result.written() > 0) {
                afterEmbedding.run();
            }
            if (again) {
                again = false;
                embedMissing();
            }
        }, error -> {
            running.set(false);
            status.set("Semantic search: embedding failed — " + error.getMessage() + " Keyword search still works.");
        }).withCancelled(() -> {
            running.set(false);
            refresh();
            afterEmbedding.run();
        }).withProgress(p -> {
            progress.set(p.fraction());
            status.set("Semantic search: " + p.message() + "…");
        }));
    }

    public void cancel() {
        if (current != null) {
            current.cancel();
        }
    }

    /** Reads how many documents have embeddings. */
    public void refresh() {
        if (!available()) {
            return;
        }
        runner.submit("Counting embeddings", p -> new long[] {index.embeddedCount(), index.status().documents()},
                TaskCallbacks.of(n -> status.set(n[0] < 0 ? "Semantic search: on"
                        : "Semantic search: " + n[0] + " of " + n[1] + " documents embedded"
                        + (n[0] < n[1] && !running.get() ? (backfill == null ? " (read-only: no new embeddings here)"
                        : " (the rest after the next sync)") : "")),
                        error -> status.set("Semantic search: " + error.getMessage())));
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    public String unavailableReason() {
        return unavailable;
    }
}
