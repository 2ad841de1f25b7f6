package services.review.remote;

/** A loopback port nothing listens on, for tests outside this package (the remote that does not answer). */
public final class ReviewSharingTestPorts {

    private ReviewSharingTestPorts() {
    }

    public static int closed() throws Exception {
        return ReviewSharingTest.closedPort();
    }
}
