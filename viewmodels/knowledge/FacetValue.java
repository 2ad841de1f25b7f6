package viewmodels.knowledge;

import services.text.TypeWords;

/** One value of a facet with its count, and whether it is a chosen filter. */
public record FacetValue(String facet, String value, long count, boolean selected) {

    /** "failed target (5)": a type in words, as every screen says it; the filter keeps the code. */
    public String label() {
        return ("type".equals(facet) ? TypeWords.of(value) : value) + " (" + count + ")";
    }
}
