package app.cli;

/** "1 proposal", "3 proposals": a count with its noun in the right number (as {@link services.text.Plural}). */
final class Plural {

    private Plural() {
    }

    static String of(long count, String noun) {
        return services.text.Plural.of(count, noun); // qualified: this class is Plural too
    }

    static String plural(String noun) {
        return services.text.Plural.plural(noun); // qualified: this class is Plural too
    }
}
