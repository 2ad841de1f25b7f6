package services.failed;

/**
 * The Redis store when it could not even be opened (a bad URL, a missing password variable): every call reports
 * why, so the screen and the commands fall back to the index and say what is wrong, instead of failing to open.
 */
public final class UnreachableFailedTargets implements FailedTargets {

    private final String why;

    public UnreachableFailedTargets(String why) {
        this.why = why;
    }

    private FailedTargetsException fail() {
        return new FailedTargetsException(why);
    }

    @Override
    public Members members() {
        throw fail();
    }

    @Override
    public boolean remove(String project, String target) {
        throw fail();
    }

    @Override
    public long pruneBefore(long cutoffMillis) {
        throw fail();
    }

    @Override
    public void add(String project, String target, long scoreMillis) {
        throw fail();
    }

    @Override
    public String describe() {
        return "unreachable Redis";
    }

    @Override
    public void close() {
    }
}
