package services.text;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The user-info of a URL ({@code scheme://user:password@host…}) — the one place the console finds it, and the one
 * function that keeps it out of everything it prints, logs or traces. A URL is read with {@link URI}; when that fails,
 * or finds no host (a password holding {@code /}, {@code #}, {@code ?} or {@code @}, as in
 * {@code redis://default:S3cr3tPW/xyz@127.0.0.1:16399/0}), or the scheme is not followed by {@code //}
 * ({@code redis:/u:pw@host}, {@code redis:u:pw@host}, {@code redis:\\u:pw@host}), everything after the scheme's
 * {@code :} and its slashes up to the <em>last</em> {@code @} before the query is the user-info: a secret is
 * over-redacted rather than printed.
 */
public final class UrlCredentials {

    /** Where to hide: any {@code scheme:} (with or without {@code //}) holding an {@code @}, up to white space or a quote. */
    private static final Pattern URL = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]*:[^\\s\"'<>`]*@[^\\s\"'<>`]*");
    /** A URL's scheme and its colon, at the start. */
    private static final Pattern SCHEME = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]*:");

    public static final String HIDDEN = "***";

    private UrlCredentials() {
    }

    /** The user-info of {@code url} as written (empty when it has none, or when {@code url} is not a URL at all). */
    public static Optional<String> userInfo(String url) {
        if (url == null) {
            return Optional.empty();
        }
        String u = url.strip();
        Matcher scheme = SCHEME.matcher(u);
        if (!scheme.lookingAt()) {
            return Optional.empty();
        }
        if (u.startsWith("//", scheme.end())) {
            try {
                URI uri = new URI(u);
                if (uri.getHost() != null) {
                    return Optional.ofNullable(uri.getRawUserInfo()).filter(s -> !s.isEmpty());
                }
            } catch (URISyntaxException fallBack) {
                // read below
            }
        }
        String rest = u.substring(authority(u, scheme.end()));
        int end = rest.length();
        for (char c : new char[] {'?', '#'}) {
            int at = rest.indexOf(c);
            int lastAt = rest.lastIndexOf('@');
            if (at >= 0 && at > lastAt) {
                end = Math.min(end, at); // a query after the last @; a ? or # before it is part of the secret
            }
        }
        int at = rest.substring(0, end).lastIndexOf('@');
        return at < 0 ? Optional.empty() : Optional.of(rest.substring(0, at));
    }

    /** Whether {@code url} carries a password: user-info with a {@code :}; for other than redis, any user-info. */
    public static boolean hasSecret(String url) {
        Optional<String> info = userInfo(url);
        if (info.isEmpty()) {
            return false;
        }
        String scheme = url.strip().toLowerCase(Locale.ROOT);
        boolean redis = scheme.startsWith("redis://") || scheme.startsWith("rediss://");
        return !redis || info.get().contains(":");
    }

    /** {@code url} with its user-info replaced by {@value #HIDDEN}; a URL without one is returned as it is. */
    public static String redact(String url) {
        Optional<String> info = userInfo(url);
        if (info.isEmpty()) {
            return url;
        }
        int from = url.indexOf(info.get(), url.indexOf(':'));
        return url.substring(0, from) + HIDDEN + url.substring(from + info.get().length());
    }

    /** Where the authority starts: after the scheme's colon and any slashes or backslashes that follow it. */
    private static int authority(String u, int from) {
        int start = from;
        while (start < u.length() && (u.charAt(start) == '/' || u.charAt(start) == '\\')) {
            start++;
        }
        return start;
    }

    /** {@code text} (a message, a log line, an exception's words) with the user-info of every URL in it hidden. */
    public static String scrub(String text) {
        if (text == null || text.indexOf('@') < 0) {
            return text;
        }
        Matcher m = URL.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(out, Matcher.quoteReplacement(redact(m.group())));
        }
        m.appendTail(out);
        return out.toString();
    }
}
