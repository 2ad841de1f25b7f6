package services.review.caps;

import java.time.Instant;
import java.util.Map;

/** When each line of a file was last changed in a commit's history (git blame), by 0-based line number. */
public interface LineDates {

    /** The lines of {@code path} at commit {@code tip} and when each was last changed; empty when not known. */
    Map<Integer, Instant> lastChanged(String path, String tip);
}
