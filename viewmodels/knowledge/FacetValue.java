package viewmodels.knowledge;

/** One value of a facet with its count, and whether it is a chosen filter. */
public record FacetValue(String facet, String value, long count, boolean selected) {

    public String label() {
        return value + " (" + count + ")";
    }
}
