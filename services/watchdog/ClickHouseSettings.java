package services.watchdog;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import services.text.UrlCredentials;
import java.util.Map;
import services.errors.ConsoleException;
import services.workspace.WorkspaceSettings;

/**
 * {@code "otelEvents": {"source": "clickhouse", "url": "http://localhost:8123", "table": "joelclaw.otel_events",
 * "user": "default", "passwordEnv": "CLICKHOUSE_PASSWORD"}} — the running system's defaults
 * (observability/clickhouse-store.ts: {@code CLICKHOUSE_URL}, database {@code joelclaw}, table {@code otel_events}).
 * The password is read from the environment variable {@code passwordEnv} names, never from the file; it is kept out of
 * {@link #toString()} and every message.
 */
public record ClickHouseSettings(URI url, String database, String table, String user, String password) {

    public static final String DEFAULT_URL = "http://localhost:8123";
    private static final String IDENT = "[A-Za-z_][A-Za-z0-9_]*";

    public static ClickHouseSettings of(JsonNode events, Map<String, String> env) {
        return of(WorkspaceSettings.ClickHouse.of(events), env);
    }

    /** The settings from the workspace's ClickHouse keys; the password from {@code env}. */
    public static ClickHouseSettings of(WorkspaceSettings.ClickHouse events, Map<String, String> env) {
        String url = text(events, "url", events.url(), DEFAULT_URL).replaceAll("/+$", "");
        URI uri;
        try {
            uri = URI.create(url);
        } catch (IllegalArgumentException e) {
            throw bad("url", "\"" + UrlCredentials.redact(url) + "\" is not a URL");
        }
        if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme()) || uri.getHost() == null) {
            throw bad("url", "\"" + UrlCredentials.redact(url) + "\" is not an http(s) URL of ClickHouse's HTTP interface (port 8123)");
        }
        String table = text(events, "table", events.table(), "otel_events");
        String database = text(events, "database", events.database(), "joelclaw");
        if (table.contains(".")) {
            database = table.substring(0, table.indexOf('.'));
            table = table.substring(table.indexOf('.') + 1);
        }
        if (!database.matches(IDENT) || !table.matches(IDENT)) {
            throw bad("table", "\"" + database + "." + table + "\" is not a table name (letters, digits, _)");
        }
        String user = events.user();
        String password = null;
        if (events.passwordEnv() != null) {
            String var = events.passwordEnv();
            password = env.get(var);
            if (password == null || password.isEmpty()) {
                throw new ConsoleException("The environment variable " + var + " (otelEvents.passwordEnv) is not set: "
                        + "it must hold the ClickHouse password.");
            }
        }
        return new ClickHouseSettings(uri, database, table, user == null || user.isEmpty() ? null : user, password);
    }

    public String qualifiedTable() {
        return database + "." + table;
    }

    private static String text(WorkspaceSettings.ClickHouse events, String key, String value, String fallback) {
        if (events.notText().contains(key)) {
            throw bad(key, "must be a non-empty string");
        }
        return value == null ? fallback : value;
    }

    private static ConsoleException bad(String key, String why) {
        return new ConsoleException("workspace.json key \"otelEvents." + key + "\": " + why + ".");
    }

    @Override
    public String toString() {
        return "ClickHouse " + url + " " + qualifiedTable() + (user == null ? "" : " as " + user)
                + (password == null ? "" : " (password from the environment)");
    }
}
