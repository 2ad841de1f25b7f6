package services.failed;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** A failed target's key shows an absolute project path as written and still names one (project, target) pair. */
class TargetKeysTest {

    @Test
    void anAbsoluteProjectPathReadsAsWritten() {
        String key = TargetKeys.key("/Users/joel/Code/joelhooks/joelclaw", "US-001");
        assertThat(key).isEqualTo("/Users/joel/Code/joelhooks/joelclaw/US-001").doesNotContain("\\/");
        assertThat(TargetKeys.split(key)).containsExactly("/Users/joel/Code/joelhooks/joelclaw", "US-001");
    }

    @Test
    void everyPairHasItsOwnKeyAndReadsBack() {
        Random random = new Random(36);
        String alphabet = "a/\\*";
        Map<String, String> seen = new HashMap<>();
        for (int n = 0; n < 200_000; n++) {
            String project = word(random, alphabet);
            String target = word(random, alphabet);
            String key = TargetKeys.key(project, target);
            assertThat(TargetKeys.split(key)).as("key %s", key).containsExactly(project, target);
            String pair = project + "\u0000" + target;
            assertThat(seen.putIfAbsent(key, pair)).as("key %s", key).isIn(null, pair);
        }
    }

    @Test
    void keysWithLookAlikesAndEscapesReadBackAndNeverShareAKey() {
        Random random = new Random(35);
        String alphabet = "a/\\u{}1S\u200B\u0430\u202E";
        Map<String, String> seen = new HashMap<>();
        for (int n = 0; n < 200_000; n++) {
            String project = word(random, alphabet);
            String target = word(random, alphabet);
            String key = TargetKeys.key(project, target);
            assertThat(key).as("key %s", key).doesNotContain("\u200B", "\u202E");
            assertThat(TargetKeys.split(key)).as("key %s", key).containsExactly(project, target);
            String pair = project + "\u0000" + target;
            assertThat(seen.putIfAbsent(key, pair)).as("key %s", key).isIn(null, pair);
        }
    }

    private static String word(Random random, String alphabet) {
        StringBuilder out = new StringBuilder();
        for (int i = random.nextInt(5); i > 0; i--) {
            out.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return out.toString();
    }
}
