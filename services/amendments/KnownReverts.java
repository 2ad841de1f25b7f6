package services.amendments;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * Whether one commit is exactly the revert of another, remembered by repository and full ids: commits never change,
 * so the answer holds for good, and a listing asks it of every reverted amendment each time (a tree merge each on a
 * large repository). The most recent 4,096 answers are kept.
 */
final class KnownReverts {

    private static final Map<String, Boolean> ANSWERS = new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
            return size() > 4_096;
        }
    };

    private KnownReverts() {
    }

    static boolean answer(Path repo, String revert, String amendment, BooleanSupplier compute) {
        String key = repo.toAbsolutePath().normalize() + ":" + revert + ":" + amendment;
        synchronized (ANSWERS) {
            Boolean known = ANSWERS.get(key);
            if (known != null) {
                return known;
            }
        }
        boolean answer = compute.getAsBoolean();
        synchronized (ANSWERS) {
            ANSWERS.put(key, answer);
        }
        return answer;
    }
}
