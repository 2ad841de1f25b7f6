package services.review.remote;

import services.text.UrlCredentials;

/** Remote addresses and messages as they may be shown: user info (a token, a password) never is. */
final class RemoteText {

    private RemoteText() {
    }

    /** {@code https://user:token@host/repo} → {@code https://***@host/repo}, by the console's one redaction. */
    static String redacted(String text) {
        return text == null ? null : UrlCredentials.scrub(text);
    }
}
