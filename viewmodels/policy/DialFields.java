package viewmodels.policy;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import services.policy.Level;
import services.policy.Policy;
import services.review.ProposalWords;

/**
 * The trust dial's form, for {@link PolicyViewModel}: a level per risk and per kind (empty: the risk decides), the
 * protected paths and the days a supervised approval may wait, as typed; read from a {@link Policy} and back.
 */
final class DialFields {

    static final String DAYS_PROBLEM = "confirm within (days): a whole number of days from 1 to 365.";

    private final Map<String, StringProperty> risk = new LinkedHashMap<>();
    private final Map<String, StringProperty> kinds = new LinkedHashMap<>();
    private final StringProperty protectedPaths = new SimpleStringProperty("");
    private final StringProperty days = new SimpleStringProperty("");

    DialFields() {
        Policy.RISKS.forEach(r -> risk.put(r, new SimpleStringProperty("")));
        Policy.KIND_KEYS.forEach(k -> kinds.put(k, new SimpleStringProperty("")));
    }

    static boolean validDays(String text) {
        String t = text == null ? "" : text.strip();
        return t.matches("\\d{1,3}") && Integer.parseInt(t) >= 1 && Integer.parseInt(t) <= 365;
    }

    /** A kind's name as every screen says it: "SOUL amendment", "new rule", "skill update · additive". */
    static String kindWords(String kind) {
        int dot = kind.indexOf('.');
        return dot < 0 ? ProposalWords.kind(kind)
                : ProposalWords.kind(kind.substring(0, dot)) + " · " + kind.substring(dot + 1);
    }

    /** The fields as {@code p} says. */
    void show(Policy p) {
        risk.forEach((k, v) -> v.set(p.risk().containsKey(k) ? p.risk().get(k).key() : "manual"));
        kinds.forEach((k, v) -> v.set(p.kinds().containsKey(k) ? p.kinds().get(k).key() : ""));
        protectedPaths.set(String.join(", ", p.protectedPaths()));
        days.set(Integer.toString(p.confirmWithinDays()));
    }

    /** The dial as the fields say, or null after telling {@code problem} which field is wrong. */
    Policy candidate(boolean frozen, Consumer<String> problem) {
        Map<String, Level> r = new LinkedHashMap<>();
        for (var e : risk.entrySet()) {
            Level l = Level.of(e.getValue().get()).orElse(null);
            if (l == null) {
                problem.accept("risk " + e.getKey() + ": choose auto, supervised or manual.");
                return null;
            }
            r.put(e.getKey(), l);
        }
        Map<String, Level> k = new LinkedHashMap<>();
        for (var e : kinds.entrySet()) {
            String text = e.getValue().get() == null ? "" : e.getValue().get().strip();
            if (!text.isEmpty()) {
                Level l = Level.of(text).orElse(null);
                if (l == null) {
                    problem.accept(kindWords(e.getKey())
                            + ": choose auto, supervised, manual or nothing (the risk decides).");
                    return null;
                }
                k.put(e.getKey(), l);
            }
        }
        if (!validDays(days.get())) {
            problem.accept(DAYS_PROBLEM);
            return null;
        }
        int n = Integer.parseInt(days.get().strip());
        List<String> paths = Arrays.stream((protectedPaths.get() == null ? "" : protectedPaths.get()).split(","))
                .map(String::strip).filter(s -> !s.isEmpty()).toList();
        return new Policy(r, k, paths, n, frozen);
    }

    StringProperty risk(String riskClass) {
        return risk.get(riskClass);
    }

    StringProperty kind(String kind) {
        return kinds.get(kind);
    }

    StringProperty protectedPaths() {
        return protectedPaths;
    }

    StringProperty days() {
        return days;
    }
}
