package services.watchdog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import services.errors.ConsoleException;

/**
 * OTEL events from ClickHouse, the running system's default store (observability/clickhouse-store.ts), over its
 * HTTP interface: one query counts the table's rows and those of the window, a second brings the window's
 * retrieval, turn-write and watchdog events ({@code FORMAT JSONEachRow}), their {@code metadata_json} parsed for
 * story and turn ids. The window is asked for in whole seconds (the column is {@code DateTime64(3, 'UTC')} upstream,
 * {@code DateTime} on old servers) and cut to the millisecond here. Evidence: {@code otel:<id>}.
 * <p>
 * The table is a {@code ReplacingMergeTree}: an event written twice (an outbox drain retried after a write that did
 * land) is two rows until a merge, and the running system's reader asks with {@code FINAL}. Here each id counts
 * once, on any engine: {@code uniqExact(id)} for the counts, the second and later rows of an id skipped.
 */
public final class ClickHouseOtelEvents implements OtelEventSource {

    static final int ROW_LIMIT = 200_000;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final DateTimeFormatter SECONDS = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
    private static final DateTimeFormatter PARSE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss[.SSSSSSSSS][.SSSSSS][.SSS][.SS][.S]");

    private final ClickHouseSettings settings;
    private final HttpClient http;
    private final Duration timeout;

    public ClickHouseOtelEvents(ClickHouseSettings settings, Duration timeout) {
        this.settings = settings;
        this.timeout = timeout;
        this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
    }

    @Override
    public String describe() {
        return "ClickHouse " + settings.url() + " table " + settings.qualifiedTable();
    }

    @Override
    public EventWindow window(long from, long to) {
        String start = "'" + SECONDS.format(Instant.ofEpochMilli(from).truncatedTo(ChronoUnit.SECONDS).atOffset(ZoneOffset.UTC)) + "'";
        String end = "'" + SECONDS.format(Instant.ofEpochMilli(to + 999).truncatedTo(ChronoUnit.SECONDS).atOffset(ZoneOffset.UTC)) + "'";
        String range = "timestamp >= " + start + " AND timestamp < " + end;
        String table = settings.qualifiedTable();
        List<JsonNode> totals = rows("SELECT uniqExact(id) AS total, uniqExactIf(id, " + range + ") AS window FROM "
                + table + " FORMAT JSONEachRow");
        JsonNode counts = totals.isEmpty() ? JSON.createObjectNode() : totals.get(0);
        List<JsonNode> events = rows("SELECT id, toString(timestamp) AS ts, source, component, action, metadata_json FROM "
                + table + " WHERE " + range + " AND (startsWith(action, '" + EventKind.RETRIEVAL_ACTION + "') OR "
                + "startsWith(action, '" + EventKind.TURN + "') OR action = '" + EventKind.WATCHDOG_ACTION + "') LIMIT "
                + (ROW_LIMIT + 1) + " FORMAT JSONEachRow");
        EventTally tally = new EventTally(from, to);
        List<String> problems = new ArrayList<>();
        int bad = 0;
        Set<String> seen = new HashSet<>();
        for (JsonNode row : events.subList(0, Math.min(events.size(), ROW_LIMIT))) {
            String id = row.path("id").asText("");
            if (!id.isEmpty() && !seen.add(id)) {
                continue; // the same event again: not yet merged away
            }
            long time;
            try {
                time = LocalDateTime.parse(row.path("ts").asText(), PARSE).toInstant(ZoneOffset.UTC).toEpochMilli();
            } catch (DateTimeParseException e) {
                bad++;
                continue;
            }
            EventMeta meta = EventMeta.NONE;
            String metaJson = row.path("metadata_json").asText("");
            if (!metaJson.isBlank()) {
                try {
                    meta = EventMeta.of(JSON.readTree(metaJson));
                } catch (IOException e) {
                    bad++;
                }
            }
            EventKind kind = EventKind.of(row.path("source").asText(null), row.path("component").asText(null),
                    row.path("action").asText(null), meta);
            tally.add(time, kind, kind.turnWrite() ? meta.turn() : null, "otel:" + row.path("id").asText(),
                    EventKind.story(row.path("source").asText(null), row.path("component").asText(null), kind, meta));
        }
        if (bad > 0) {
            problems.add(describe() + ": " + bad + " rows with an unreadable timestamp or metadata_json");
        }
        if (events.size() > ROW_LIMIT) {
            problems.add(describe() + ": more than " + ROW_LIMIT + " retrieval and turn-write events in the window; "
                    + "only the first " + ROW_LIMIT + " were counted");
        }
        long inWindow = number(counts.get("window"));
        return tally.window(inWindow, 0, number(counts.get("total")), null, problems).withInWindow(inWindow);
    }

    private static long number(JsonNode n) {
        return n == null ? 0 : n.isNumber() ? n.asLong() : Long.parseLong(n.asText("0"));
    }

    private List<JsonNode> rows(String sql) {
        HttpRequest.Builder request = HttpRequest.newBuilder(settings.url().resolve("/"))
                .timeout(timeout).POST(HttpRequest.BodyPublishers.ofString(sql, StandardCharsets.UTF_8));
        if (settings.user() != null) {
            request.header("X-ClickHouse-User", settings.user());
        }
        if (settings.password() != null) {
            request.header("X-ClickHouse-Key", settings.password());
        }
        HttpResponse<String> response;
        try {
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new ConsoleException("Cannot read " + describe() + ": ClickHouse is unreachable ("
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()) + ")", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ConsoleException("Reading " + describe() + " was interrupted", e);
        }
        if (response.statusCode() != 200) {
            throw new ConsoleException("Cannot read " + describe() + ": ClickHouse answered " + response.statusCode()
                    + " (" + firstLine(response.body()) + ")");
        }
        List<JsonNode> out = new ArrayList<>();
        for (String line : response.body().split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            try {
                out.add(JSON.readTree(line));
            } catch (IOException e) {
                throw new ConsoleException("Cannot read " + describe() + ": an answer line is not JSON (" + firstLine(line) + ")", e);
            }
        }
        return out;
    }

    private String firstLine(String body) {
        String line = body == null ? "" : body.strip().lines().findFirst().orElse("");
        if (settings.password() != null) {
            line = line.replace(settings.password(), "***");
        }
        return line.length() > 300 ? line.substring(0, 300) + "…" : line;
    }
}
