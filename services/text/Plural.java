package services.text;

/** "1 failed target", "3 failed targets": a count with its noun in the right number. */
public final class Plural {

    private Plural() {
    }

    /** {@code count} and {@code noun}, made plural unless the count is one ("ended loop" → "2 ended loops"). */
    public static String of(long count, String noun) {
        return count + " " + (count == 1 ? noun : plural(noun));
    }

    /** {@code count} with {@code one} or {@code many} ("1 lesson state change", "2 lesson state changes"). */
    public static String of(long count, String one, String many) {
        return count + " " + (count == 1 ? one : many);
    }

    public static String plural(String noun) {
        if (noun.endsWith("y") && !noun.endsWith("ay") && !noun.endsWith("ey")) {
            return noun.substring(0, noun.length() - 1) + "ies";
        }
        return noun.endsWith("s") || noun.endsWith("sh") || noun.endsWith("ch") ? noun + "es" : noun + "s";
    }
}
