package services.failed;

import java.util.List;

/**
 * The Redis side of failed targets (formats.md part 6): sorted sets {@code loop:failed:targets:<project>},
 * member = target id, score = failure time in epoch milliseconds.
 */
public interface FailedTargets extends AutoCloseable {

    String PREFIX = "loop:failed:targets:";

    record Member(String project, String target, long scoreMillis) {
    }

    /**
     * The members, what could not be read (a key of the wrong type, a score that is not a time), and how many
     * {@code loop:failed:targets:*} keys there are at all (-1: not known).
     */
    record Members(List<Member> members, List<String> problems, long keys) {
        public Members(List<Member> members, List<String> problems) {
            this(members, problems, -1);
        }
    }

    Members members();

    /** Removes exactly this member; false when it was not there. */
    boolean remove(String project, String target);

    /** Removes members scored before {@code cutoffMillis} in every project; returns how many. */
    long pruneBefore(long cutoffMillis);

    void add(String project, String target, long scoreMillis);

    /** Removes members scored after {@code maxMillis} (no failure happens in the future); returns how many. */
    default long pruneAfter(long maxMillis) {
        return 0;
    }

    /** Where the store is, without secrets. */
    String describe();

    @Override
    void close();
}
