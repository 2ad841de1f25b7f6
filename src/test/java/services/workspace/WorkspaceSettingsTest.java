package services.workspace;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import testsupport.Fixtures;

/**
 * workspace.json parsed once into {@link WorkspaceSettings} when the workspace loads: defaults, every key, and the
 * problems kept (never thrown while loading) with the words their readers use.
 */
class WorkspaceSettingsTest {

    @TempDir
    Path dir;

    private Workspace load(String json) throws Exception {
        Files.writeString(dir.resolve(Workspace.FILE_NAME), json);
        return Fixtures.loader(dir.toString()).load(dir);
    }

    @Test
    void anEmptyFileGivesTheDefaults() throws Exception {
        WorkspaceSettings s = load("{}").settings();
        assertThat(s.schedules().expressions()).isEmpty();
        assertThat(s.schedules().paused()).isEmpty();
        assertThat(s.schedules().vaultWatch()).isFalse();
        assertThat(s.schedules().quietSeconds()).isEqualTo(45);
        assertThat(s.schedules().problems()).isEmpty();
        assertThat(s.watchdog()).isEqualTo(WorkspaceSettings.Watchdog.DEFAULTS);
        assertThat(s.semantic()).isEqualTo(new WorkspaceSettings.Semantic(true, null));
        assertThat(s.otelEvents().source()).isEqualTo("jsonl");
        assertThat(s.otelEvents().path()).isEqualTo("otel");
        assertThat(s.otelEvents().collection()).isEqualTo("otel_events");
        assertThat(s.telemetry().otlpEndpoint()).isNull();
        assertThat(s.lessons()).isEqualTo(new WorkspaceSettings.Lessons(null, null, null, null, null));
        assertThat(s.brief().maxConcurrentLoops()).isNull();
        assertThat(s.sync()).isEqualTo(new WorkspaceSettings.Sync(null, null));
        assertThat(s.reviewer()).isNull();
    }

    @Test
    void everyKeyIsRead() throws Exception {
        Workspace ws = load("""
                {"schedules": {"watchdog": "0 * * * *", "sync": "15 2 * * *"}, "schedulesPaused": ["policy"],
                 "vaultWatch": {"enabled": true, "quietSeconds": 10},
                 "watchdog": {"windowHours": 0.5, "minDocuments": 7, "pruneGraceHours": 2},
                 "semantic": {"enabled": false},
                 "otelEvents": {"source": "clickhouse", "url": " http://ch:8123/ ", "table": "db.events",
                                "user": " reader ", "passwordEnv": "CH_PW", "collection": "events"},
                 "telemetry": {"otlpEndpoint": "http://collector:4318"},
                 "lessons": {"minLoops": 3, "margin": 0.5},
                 "maxConcurrentLoops": 6, "sync": {"maxDeleteShare": 0.5}, "reviewer": "joel"}
                """);
        WorkspaceSettings s = ws.settings();
        assertThat(s.schedules().expressions()).containsExactly(Map.entry("watchdog", "0 * * * *"),
                Map.entry("sync", "15 2 * * *"));
        assertThat(s.schedules().paused()).containsExactly("policy");
        assertThat(s.schedules().vaultWatch()).isTrue();
        assertThat(s.schedules().quietSeconds()).isEqualTo(10);
        assertThat(s.watchdog().windowHours()).isEqualTo(0.5);
        assertThat(s.watchdog().minDocuments()).isEqualTo(7);
        assertThat(s.watchdog().pruneGraceHours()).isEqualTo(2);
        assertThat(s.watchdog().compliance()).isEqualTo(0.95);
        assertThat(SemanticSettings.of(ws).enabled()).isFalse();
        assertThat(s.otelEvents().source()).isEqualTo("clickhouse");
        assertThat(s.otelEvents().collection()).isEqualTo("events");
        assertThat(s.otelEvents().clickHouse()).isEqualTo(new WorkspaceSettings.ClickHouse("http://ch:8123/",
                "db.events", null, "reader", "CH_PW", List.of()));
        assertThat(s.telemetry().otlpEndpoint()).isEqualTo("http://collector:4318");
        assertThat(s.lessons()).isEqualTo(new WorkspaceSettings.Lessons(3, null, 0.5, null, null));
        assertThat(s.brief().maxConcurrentLoops()).isEqualTo(6);
        assertThat(s.sync()).isEqualTo(new WorkspaceSettings.Sync(0.5, null));
        assertThat(s.reviewer()).isEqualTo("joel");
    }

    @Test
    void wrongValuesAreKeptAsProblemsAndNeverStopTheLoad() throws Exception {
        Path file = dir.resolve(Workspace.FILE_NAME).toAbsolutePath().normalize();
        WorkspaceSettings s = load("""
                {"schedules": {"sync": 3}, "schedulesPaused": "sync", "vaultWatch": {"quietSeconds": -1},
                 "watchdog": {"compliance": 2}, "semantic": {"enabled": "yes"},
                 "otelEvents": {"source": "clickhouse", "url": 8123, "table": " "},
                 "telemetry": {"otlpEndpoint": 4318}, "lessons": {"minStories": 1.5, "margin": "x"},
                 "maxConcurrentLoops": 0, "sync": {"maxDeleteShare": 2}, "reviewer": "  "}
                """).settings();
        assertThat(s.schedules().problems()).containsExactly(
                "workspace.json key \"schedules.sync\" must be a string such as \"0 3 * * *\"; using the default.",
                "workspace.json key \"schedulesPaused\" must be a list of job names; no job is paused.");
        assertThat(s.schedules().quietSeconds()).isEqualTo(45);
        assertThat(s.watchdog().compliance()).isEqualTo(0.95);
        assertThat(s.watchdog().problems()).containsExactly(
                "workspace.json key \"watchdog.compliance\" must be a number from 0 to 1; using 0.95.");
        assertThat(s.semantic().problem()).isEqualTo(file + " key 'semantic.enabled': expected true or false, found "
                + "\"yes\".");
        assertThat(s.otelEvents().clickHouse().notText()).containsExactly("url", "table");
        assertThat(s.telemetry().otlpEndpoint()).isNull();
        assertThat(s.lessons().problem()).isEqualTo("workspace.json lessons.minStories must be a whole number, found 1.5");
        assertThat(s.brief().maxConcurrentLoops()).isNull();
        assertThat(s.sync().problem()).isEqualTo("workspace.json key \"sync.maxDeleteShare\" must be a number from 0 "
                + "to 1 (the share of a source's files one sync may delete), found 2. Nothing was synced.");
        assertThat(s.reviewer()).isNull();
    }

    @Test
    void theSpoolSourceHasItsOwnDefaultFolder() throws Exception {
        assertThat(load("{\"otelEvents\": {\"source\": \"spool\"}}").settings().otelEvents().path())
                .isEqualTo("~/.joelclaw/spool/otel");
        assertThat(load("{\"otelEvents\": {\"source\": \"spool\", \"path\": \" events \"}}").settings().otelEvents()
                .path()).isEqualTo("events");
        assertThat(load("{\"otelEvents\": null}").settings().otelEvents().source()).isEqualTo("jsonl");
    }

    @Test
    void theOldConstructorAndCopiesCarryTheSameSettings() throws Exception {
        Workspace ws = load("{\"reviewer\": \"ana\", \"watchdog\": {\"gateHours\": 1}}");
        Workspace rebuilt = new Workspace(ws.dir(), ws.name(), ws.vault(), ws.skillsRepo(), ws.behaviourRepo(),
                ws.dreamDir(), ws.profilesDir(), ws.reviewBranch(), ws.failedTargetTtlDays(), ws.index(), ws.redis(),
                ws.readOnly(), ws.problems(), ws.raw());
        assertThat(rebuilt.settings()).isEqualTo(ws.settings());
        Workspace readOnly = ws.withReadOnly(true);
        assertThat(readOnly.readOnly()).isTrue();
        assertThat(readOnly.settings()).isEqualTo(ws.settings());
        assertThat(readOnly.sameSettings(ws)).isTrue();
        assertThat(load("{\"reviewer\": \"bo\"}").sameSettings(ws)).isFalse();
    }

    @Test
    void schedulesAndSemanticAreWrittenBackKeepingTheRest() throws Exception {
        load("{\"custom\": 1, \"schedules\": {\"sync\": \"0 3 * * *\"}}");
        WorkspaceFile file = new WorkspaceFile(dir);
        assertThat(file.saveSchedule("watchdog", "0 * * * *")).isTrue();
        assertThat(file.saveSchedulesPaused(List.of("sync", "reach"))).isTrue();
        assertThat(file.saveSemantic(false)).isTrue();
        assertThat(file.saveSemantic(false)).isFalse();
        Workspace ws = Fixtures.loader(dir.toString()).load(dir);
        assertThat(ws.settings().schedules().expressions()).containsEntry("sync", "0 3 * * *")
                .containsEntry("watchdog", "0 * * * *");
        assertThat(ws.settings().schedules().paused()).containsExactly("sync", "reach");
        assertThat(ws.settings().semantic().enabled()).isFalse();
        assertThat(ws.raw().get("custom").asInt()).isEqualTo(1);
    }
}
