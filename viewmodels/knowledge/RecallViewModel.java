package viewmodels.knowledge;

import java.util.List;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import services.recall.RecallBudget;
import services.recall.RecallPreview;
import services.recall.RecallService;
import services.tasks.TaskCallbacks;
import services.tasks.TaskRunner;

/**
 * The recall preview: for a story title or question, the {@code ## System Context} block an agent would get under
 * each budget, side by side, and which budget {@code auto} would pick.
 */
public final class RecallViewModel {

    /** One budget's column. */
    public record Column(String budget, String heading, String context, List<String> injectedIds) {
    }

    private final RecallService recall;
    private final TaskRunner runner;
    private final StringProperty question = new SimpleStringProperty("");
    private final ObservableList<Column> columns = FXCollections.observableArrayList();
    private final ObservableList<Column> columnsView = FXCollections.unmodifiableObservableList(columns);
    private final ReadOnlyStringWrapper autoChoice = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(
            "Type a story title or a question, then press Enter to see what each budget would inject.");

    public RecallViewModel(RecallService recall, TaskRunner runner) {
        this.recall = recall;
        this.runner = runner;
    }

    public void preview() {
        String q = question.get().strip();
        if (q.isEmpty()) {
            columns.clear();
            autoChoice.set("");
            message.set("Type a story title or a question first.");
            return;
        }
        runner.submit("Recall preview", progress -> recall.compare(q), TaskCallbacks.of(previews -> {
            columns.setAll(previews.stream().map(RecallViewModel::column).toList());
            autoChoice.set("auto would use " + RecallBudget.auto(q).label() + " for this question");
            message.set("");
        }, error -> message.set("Recall preview failed: " + error.getMessage())));
    }

    private static Column column(RecallPreview p) {
        String heading = p.budget().label() + " — " + p.injected().size() + " of " + p.candidates()
                + " candidates · " + (p.budget().retrieval() == services.knowledge.KnowledgeQuery.Retrieval.KEYWORD
                ? "keyword" : "keyword + meaning") + " · cap " + p.budget().injectCap()
                + (p.budget().rewrite() ? " · rewrite on" : "")
                + " · " + (p.budget().types().isEmpty() ? "all types" : String.join(", ", p.budget().types()));
        return new Column(p.budget().label(), heading, p.contextBlock(),
                p.injected().stream().map(h -> h.doc().id()).toList());
    }

    public StringProperty questionProperty() {
        return question;
    }

    public ObservableList<Column> columns() {
        return columnsView;
    }

    public ReadOnlyStringProperty autoChoiceProperty() {
        return autoChoice.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }
}
