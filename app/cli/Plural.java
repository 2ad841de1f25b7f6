package app.cli;

/** "1 proposal", "3 proposals": a count with its noun in the right number. */
final class Plural {

    private Plural() {
    }

    static String of(long count, String noun) {
        return count + " " + (count == 1 ? noun : plural(noun));
    }

    static String plural(String noun) {
        if (noun.endsWith("y") && !noun.endsWith("ay") && !noun.endsWith("ey")) {
            return noun.substring(0, noun.length() - 1) + "ies";
        }
        return noun.endsWith("s") || noun.endsWith("sh") || noun.endsWith("ch") ? noun + "es" : noun + "s";
    }
}
