package services.workspace;

/** The user's home folder as the shell knows it: {@code $HOME}, else Java's {@code user.home}. */
public final class UserHome {

    private UserHome() {
    }

    public static String path() {
        String home = System.getenv("HOME");
        return home != null && !home.isBlank() ? home : System.getProperty("user.home");
    }
}
