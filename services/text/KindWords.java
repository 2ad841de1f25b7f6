package services.text;

/**
 * A proposal's or an amendment's kind (formats.md part 10) in the words every screen and the command line use:
 * "skill update", "SOUL amendment", "skill amendment", "new skill", "new rule", "prune", "observation".
 */
public final class KindWords {

    private KindWords() {
    }

    /** The kind in words; null for a kind the contract does not name (each caller says what it shows then). */
    public static String of(String kind) {
        if (kind == null) {
            return null;
        }
        return switch (kind) {
            case "skill_update" -> "skill update";
            case "AMEND_SOUL" -> "SOUL amendment";
            case "AMEND_SKILL" -> "skill amendment";
            case "PROPOSE_SKILL" -> "new skill";
            case "PROPOSE_RULE" -> "new rule";
            case "PRUNE" -> "prune";
            case "OBSERVATION" -> "observation";
            default -> null;
        };
    }
}
