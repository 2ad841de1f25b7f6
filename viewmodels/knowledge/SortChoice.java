package viewmodels.knowledge;

/** The browser's sort choices, with the label the user sees. */
public enum SortChoice {
    BEST_MATCH("Best match"), NEWEST("Newest first"), SCORE("Priority score");

    private final String label;

    SortChoice(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
