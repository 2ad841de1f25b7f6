package services.workspace;

import java.util.List;
import services.text.UrlCredentials;

/**
 * The {@code redis} key of workspace.json (formats.md part 1): a URL ({@code redis://[user@]host:port/db}, or
 * {@code rediss://} for TLS), Sentinels with a master name, or a Cluster node list; a password only through an
 * environment variable ({@code passwordEnv}); for Sentinel and Cluster an ACL {@code user} and {@code tls}. Absent
 * or null: failed targets live only in the index.
 */
public record RedisSettings(String url, List<String> sentinels, String masterName, List<String> cluster,
                            String passwordEnv, String user, boolean tls) {

    public RedisSettings {
        sentinels = sentinels == null ? List.of() : List.copyOf(sentinels);
        cluster = cluster == null ? List.of() : List.copyOf(cluster);
    }

    public RedisSettings(String url, List<String> sentinels, String masterName, List<String> cluster, String passwordEnv) {
        this(url, sentinels, masterName, cluster, passwordEnv, null, false);
    }

    /** Where it points, without any secret, for messages and the status line. */
    public String describe() {
        if (url != null) {
            return UrlCredentials.redact(url);
        }
        if (!sentinels.isEmpty()) {
            return "sentinel " + masterName + " via " + String.join(", ", sentinels);
        }
        return "cluster " + String.join(", ", cluster);
    }
}
