package services.review.remote;

import java.util.regex.Pattern;

/** Remote addresses and messages as they may be shown: user info (a token, a password) never is. */
final class RemoteText {

    private static final Pattern USER_INFO = Pattern.compile("(?i)([a-z][a-z0-9+.-]*://)[^/@\\s]*@");

    private RemoteText() {
    }

    /** {@code https://user:token@host/repo} → {@code https://***@host/repo}; everything else unchanged. */
    static String redacted(String text) {
        return text == null ? null : USER_INFO.matcher(text).replaceAll("$1***@");
    }
}
