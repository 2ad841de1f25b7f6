package viewmodels.knowledge;

import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import services.brain.CriticalSearch;
import services.knowledge.KnowledgeQuery;
import services.recall.ImplementorRecall;
import services.recall.RecallBudget;
import services.recall.RecallPreview;
import services.recall.RecallService;
import services.tasks.TaskCallbacks;
import services.tasks.TaskRunner;

/**
 * The recall preview: for a story (title, description, project), first what the implementor really injects, then
 * what {@code joelclaw recall} would return for the title under each budget, side by side, and which budget
 * {@code auto} would pick.
 */
public final class RecallViewModel {

    /**
     * One column: the implementor's injection or a budget's; {@code details}: the budget's figures by their codes
     * (multiplier, cap, rewrite), for a tooltip — the heading says the same in words.
     */
    public record Column(String budget, String heading, String context, List<String> injectedIds, String details) {
        public Column(String budget, String heading, String context, List<String> injectedIds) {
            this(budget, heading, context, injectedIds, "");
        }

        /** The heading's first line, what went in of how many: "balanced — 5 of 22 matches". */
        public String title() {
            int at = heading.indexOf(" · ");
            return at < 0 ? heading : heading.substring(0, at);
        }

        /** The muted line under it, why so many: "fewer words, by meaning too"; empty when the heading has none. */
        public String why() {
            int at = heading.indexOf(" · ");
            return at < 0 ? "" : heading.substring(at + 3);
        }
    }

    /** The first column's key. */
    public static final String IMPLEMENTOR = "implementor";

    /** The critical.db column's key. */
    public static final String CRITICAL = "critical";

    private record Previews(ImplementorRecall.Injection implementor, Column critical, List<RecallPreview> budgets,
                            List<String> projects) {
    }

    private final RecallService recall;
    private final CriticalSearch critical;
    private final ReadOnlyStringWrapper era = new ReadOnlyStringWrapper("");
    private final ImplementorRecall implementor;
    private final TaskRunner runner;
    private final StringProperty question = new SimpleStringProperty("");
    private final StringProperty description = new SimpleStringProperty("");
    private final StringProperty project = new SimpleStringProperty("");
    private final ObservableList<String> projects = FXCollections.observableArrayList();
    private final ObservableList<Column> columns = FXCollections.observableArrayList();
    private final ObservableList<Column> columnsView = FXCollections.unmodifiableObservableList(columns);
    private final ReadOnlyStringWrapper autoChoice = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(
            "Type a story title (and its description and project, as the implementor gets them), then press Enter.");

    public RecallViewModel(RecallService recall, TaskRunner runner) {
        this(recall, runner, null);
    }

    /**
     * @param critical the workspace's critical.db ({@code criticalDb}), or null when none is configured: then the
     *                 note says where to point it, and there is no critical.db column
     */
    public RecallViewModel(RecallService recall, TaskRunner runner, CriticalSearch critical) {
        this.critical = critical;
        this.era.set(CriticalColumn.note(critical));
        this.recall = recall;
        this.implementor = recall.implementor();
        this.runner = runner;
        // a preview on screen follows the project chosen (it named the old one beside the new choice)
        project.addListener((o, before, now) -> {
            if (!columns.isEmpty()) {
                preview();
            }
        });
    }

    /** Fills the project choices from the index (each preview refreshes them too). */
    public void loadProjects() {
        runner.submit("Recall projects", progress -> implementor.projects(),
                TaskCallbacks.of(projects::setAll, error -> { }));
    }

    public void preview() {
        String q = question.get().strip();
        if (q.isEmpty()) {
            columns.clear();
            autoChoice.set("");
            message.set("Type a story title or a question first.");
            return;
        }
        String desc = description.get() == null ? "" : description.get().strip();
        String proj = project.get() == null ? "" : project.get().strip();
        runner.submit("Recall preview", progress -> new Previews(implementor.inject(q, desc, proj),
                        critical == null ? null : CriticalColumn.of(critical, q), recall.compare(q),
                        implementor.projects()),
                TaskCallbacks.of(previews -> {
                    List<Column> all = new ArrayList<>();
                    all.add(column(previews.implementor()));
                    if (previews.critical() != null) {
                        all.add(previews.critical());
                    }
                    previews.budgets().forEach(p -> all.add(column(p, q)));
                    columns.setAll(all);
                    if (!projects.equals(previews.projects())) {
                        projects.setAll(previews.projects()); // the index may have grown since the screen opened
                    }
                    autoChoice.set("auto would use " + RecallBudget.auto(q).label() + " for this question");
                    message.set("");
                }, error -> message.set("Recall preview failed: " + error.getMessage())));
    }

    private static Column column(ImplementorRecall.Injection in) {
        // within a caption's budget, as the budgets' headings are; the figures and types go in the tooltip
        String heading = "implementor — " + in.docs().size() + " injected · "
                + (in.project() == null ? "every project" : "project " + in.project())
                + (in.dropped() > 0 ? " · matched after dropping " + in.dropped() + " words" : "");
        String details = "system_knowledge gives at most " + ImplementorRecall.PER_PAGE + " of its limit "
                + ImplementorRecall.LIMIT + " · types " + String.join(", ", ImplementorRecall.TYPES);
        String context = in.docs().isEmpty()
                ? "(nothing: the implementor leaves the section out)\n\nSearched: " + in.query()
                : in.section();
        return new Column(IMPLEMENTOR, heading, context, in.docs().stream().map(d -> d.id()).toList(), details);
    }

    private static Column column(RecallPreview p, String question) {
        RecallBudget b = p.budget();
        return new Column(b.label(), heading(p, question), p.contextBlock(),
                p.injected().stream().map(h -> h.doc().id()).toList(), details(p, question));
    }

    /**
     * In words, within a column at 1100 px: how many went in of how many were found ("balanced — 5 of 20 found"), and
     * why that many — every word of the question as asked, or the question rewritten to fewer words; by meaning too
     * or not ("fewer words, by meaning too"). So "63" under lean beside "17" under balanced says why; the query run
     * and the codes are in {@link #details}.
     */
    static String heading(RecallPreview p, String question) {
        RecallBudget b = p.budget();
        boolean keyword = b.retrieval() == KnowledgeQuery.Retrieval.KEYWORD;
        String why = rewritten(p, question) ? "fewer words" + (keyword ? "" : ", by meaning too")
                : keyword ? "every word as asked" : "every word, by meaning too";
        return b.label() + " — " + p.injected().size() + " of " + p.candidates() + " found · " + why;
    }

    private static boolean rewritten(RecallPreview p, String question) {
        String query = p.query() == null ? "" : p.query().strip();
        return p.budget().rewrites(question) && !query.isEmpty() && !query.equals(question.strip());
    }

    /**
     * The tooltip: the query run, then the figures by their codes — "Searched for “…” · lean: fetch ×1.8 of limit 5
     * → the best 9 ranked · at most 5 injected · keyword · no rewrite · all types".
     */
    static String details(RecallPreview p, String question) {
        RecallBudget b = p.budget();
        return (rewritten(p, question) ? "Searched for “" + p.query().strip() + "” (filler words dropped, related "
                + "words added)" : "Searched for “" + question.strip() + "” as asked") + "\n" + details(b);
    }

    /** The figures by their codes: "lean: fetch ×1.8 of limit 5 → the best 9 ranked · at most 5 injected · …". */
    static String details(RecallBudget b) {
        return b.label() + ": fetch ×" + b.fetchMultiplier() + " of limit " + RecallBudget.DEFAULT_LIMIT
                + " → the best " + b.candidates() + " ranked · at most " + b.injectCap() + " injected · "
                + (b.retrieval() == KnowledgeQuery.Retrieval.KEYWORD ? "keyword" : "hybrid (keyword + meaning)")
                + (b.rewrite() ? " · rewrite on" : " · no rewrite") + " · all types";
    }

    public StringProperty questionProperty() {
        return question;
    }

    /** The story's description: the implementor searches title + " " + description. */
    public StringProperty descriptionProperty() {
        return description;
    }

    /** The story's project: the implementor filters by it (empty: no filter); joelclaw recall does not. */
    public StringProperty projectProperty() {
        return project;
    }

    public ObservableList<String> projects() {
        return projects;
    }

    public ObservableList<Column> columns() {
        return columnsView;
    }

    public ReadOnlyStringProperty autoChoiceProperty() {
        return autoChoice.getReadOnlyProperty();
    }

    /** Which recall the running system really makes since July 2026, and where the critical.db column comes from. */
    public ReadOnlyStringProperty eraProperty() {
        return era.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }
}
