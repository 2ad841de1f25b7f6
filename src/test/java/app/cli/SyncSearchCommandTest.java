package app.cli;

import static app.cli.DemoCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The headless face of the Knowledge services: sync and search with --workspace and --json. */
@Tag("server")
class SyncSearchCommandTest {

    @TempDir
    Path tmp;

    private String ws;
    private final ObjectMapper json = new ObjectMapper();

    @BeforeEach
    void demo() {
        ws = tmp.resolve("ws").toString();
        assertEquals(0, run("demo", ws).code());
    }

    @Test
    void syncReportsCountsAndFileProblemsAsJson() throws Exception {
        DemoCommandTest.Run sync = run("sync", "--workspace", ws, "--json");
        assertEquals(0, sync.code(), sync.err());
        JsonNode result = json.readTree(sync.out());
        assertThat(result.get("indexed").asInt()).isGreaterThan(100);
        assertThat(result.get("errors").findValuesAsText("path")).contains("docs/decisions/0094-latin1-encoding.md");
        JsonNode again = json.readTree(run("sync", "--workspace", ws, "--json").out());
        assertEquals(0, again.get("indexed").asInt());
        JsonNode drift = json.readTree(run("sync", "--dry-run", "--workspace", ws, "--json").out());
        assertEquals(0, drift.get("missing").size());
    }

    @Test
    void scopedSyncAndHumanOutput() {
        DemoCommandTest.Run adrs = run("sync", "--adrs-only", "--workspace", ws);
        assertThat(adrs.out()).startsWith("Synced demo: indexed 42,")
                .contains("error   docs/decisions/0099-architecture-diagram.md: binary content");
        assertEquals(2, run("sync", "--adrs-only", "--skills-only", "--workspace", ws).code());
        // an ADR's line shows its own date, never the day the sync wrote it
        String found = run("search", "--workspace", ws, "--type", "adr", "Record", "architecture", "decisions").out();
        assertThat(found).containsPattern("adr:0001 +ADR-0001: Record architecture decisions  dated 2024-11-02")
                .doesNotContain(LocalDate.now(ZoneOffset.UTC).toString());
        // a date only in the frontmatter (not in the indexed content) is read from the ADR's file
        assertThat(run("search", "--workspace", ws, "--type", "adr", "Gateway", "dispatch").out())
                .containsPattern("adr:0024 +ADR-0024: Gateway dispatch for agent work  dated 2025-03-02");
        // more matches than the limit: the first line says how many are shown and how to see the rest
        String limited = run("search", "--workspace", ws, "--type", "adr", "--limit", "3", "ADR").out();
        assertThat(limited.lines().findFirst().orElseThrow())
                .matches("\\d+ documents match, showing 3 of \\d+ \\(--limit N for more\\) \\(.* ms\\)");
        assertThat(limited.lines().count()).isEqualTo(4);
        String whole = run("search", "--workspace", ws, "--type", "adr", "--limit", "200", "ADR").out();
        assertThat(whole).doesNotContain("showing");
    }

    @Test
    void searchWithFiltersAndBudgets() throws Exception {
        run("sync", "--workspace", ws);
        JsonNode hits = json.readTree(run("search", "idempotency", "--type", "lesson", "--workspace", ws, "--json").out());
        assertThat(hits.get("total").asInt()).isGreaterThan(0);
        assertThat(hits.get("hits").findValuesAsText("type")).containsOnly("lesson");
        String question = "why do we commit approved skill changes to a review branch";
        JsonNode lean = json.readTree(run("search", question, "--budget", "lean", "--workspace", ws, "--json").out());
        JsonNode deep = json.readTree(run("search", question, "--budget", "deep", "--workspace", ws, "--json").out());
        assertThat(lean.get("injected").size()).isLessThanOrEqualTo(5); // joelclaw recall's default --limit 5
        assertThat(deep.get("injected").toString()).contains("adr:0141");
        assertThat(deep.get("context").asText()).startsWith("## System Context");
        JsonNode deep10 = json.readTree(run("search", question, "--budget", "deep", "--limit", "10", "--workspace", ws,
                "--json").out());
        assertThat(deep10.get("injected").size()).isGreaterThan(5).isLessThanOrEqualTo(10);
        assertEquals(50, deep10.get("fetched").asInt());
        assertEquals(10, deep10.get("maxInject").asInt());
        JsonNode auto = json.readTree(run("search", question, "--budget", "auto", "--workspace", ws, "--json").out());
        assertEquals("deep", auto.get("budget").asText()); // "why"
        assertEquals("auto-complex-query", auto.get("reason").asText());
        assertEquals(9, lean.get("fetched").asInt());
        assertThat(lean.get("rewritten").asBoolean()).isFalse();
    }

    @Test
    void searchBudgetImplementorIsTheImplementorsInjection() throws Exception {
        run("sync", "--workspace", ws);
        DemoCommandTest.Run got = run("search", "Add idempotency keys to email steps", "--budget", "implementor",
                "--description", "Retried steps send the email twice", "--project", "joelclaw", "--workspace", ws,
                "--json");
        assertEquals(0, got.code(), got.err());
        JsonNode in = json.readTree(got.out());
        assertEquals("Add idempotency keys to email steps Retried steps send the email twice", in.get("query").asText());
        assertEquals("joelclaw", in.get("project").asText());
        assertThat(in.get("injected").size()).isBetween(1, 2);
        assertThat(in.get("context").asText()).startsWith("## System Context (from prior loops)\n\n### [");
        DemoCommandTest.Run human = run("search", "Add idempotency keys to email steps", "--budget", "implementor",
                "--project", "joelclaw", "--workspace", ws);
        assertThat(human.out()).startsWith("## System Context (from prior loops)\n\n### [");
        DemoCommandTest.Run none = run("search", "Render the cathedral", "--budget", "implementor", "--project",
                "joelclaw", "--workspace", ws);
        assertEquals(0, none.code());
        assertThat(none.out()).startsWith("(nothing: the implementor would leave the System Context section out)");
        DemoCommandTest.Run wrong = run("search", "x", "--budget", "implementor", "--type", "adr", "--workspace", ws);
        assertEquals(2, wrong.code()); // options that do not go together: a usage error
        assertThat(wrong.err()).contains("Invalid value for option '--budget': implementor takes no --type");
        DemoCommandTest.Run unknown = run("search", "x", "--budget", "huge", "--workspace", ws);
        assertThat(unknown.err()).contains("implementor (the implementor's own injection)");
    }

    @Test
    void proposalsListShowApproveAndRefusals() throws Exception {
        JsonNode list = json.readTree(run("proposals", "list", "--workspace", ws, "--json").out());
        assertEquals(12, list.size());
        JsonNode show = json.readTree(run("proposals", "show", "sp-2026-11-18-loop-nanny-01", "--workspace", ws, "--json").out());
        assertThat(show.get("diff").asText()).contains("+- A stalled story often holds a dev server's port");
        // a conflict: approving writes nothing, so what is shown is the proposal's change as written, on its base
        DemoCommandTest.Run conflict = run("proposals", "show", "sp-2026-11-14-gateway-ops-04", "--workspace", ws,
                "--no-similar");
        assertThat(conflict.out()).contains("conflict: approving writes nothing; the proposal's change as written, on its base")
                .contains("-- Never commit secrets.\n+- Never commit secrets; lease them for the task.")
                .contains("<<<<<<< current").contains("effect on recall: no effect on recall: the proposal conflicts with");
        JsonNode conflictJson = json.readTree(run("proposals", "show", "sp-2026-11-14-gateway-ops-04", "--workspace", ws,
                "--no-similar", "--json").out());
        assertThat(conflictJson.get("intendedDiff").asText()).contains("+- Never commit secrets; lease them for the task.");
        assertThat(conflictJson.get("conflicts")).isNotEmpty();
        DemoCommandTest.Run approve = run("proposals", "approve", "sp-2026-11-18-loop-nanny-01", "--by", "joel",
                "--workspace", ws, "--json");
        assertEquals(0, approve.code(), approve.err());
        assertEquals("approved", json.readTree(approve.out()).get("status").asText());
        DemoCommandTest.Run again = run("proposals", "approve", "sp-2026-11-18-loop-nanny-01", "--by", "joel", "--workspace", ws);
        assertEquals(1, again.code());
        assertThat(again.err()).contains("is already approved");
        assertEquals(2, run("proposals", "reject", "dream-2026-11-20-03", "--by", "joel", "--workspace", ws).code());
        assertEquals(0, run("proposals", "reject", "dream-2026-11-20-03", "--by", "joel", "--reason", "No.", "--workspace", ws).code());
        assertEquals(0, run("proposals", "request-changes", "dream-2026-11-20-01", "--by", "joel", "--feedback", "More.",
                "--workspace", ws).code());
        JsonNode pending = json.readTree(run("proposals", "list", "--status", "approved", "--workspace", ws, "--json").out());
        assertEquals(2, pending.size());
    }

    @Test
    void amendmentsListShowRevert() throws Exception {
        JsonNode list = json.readTree(run("amendments", "list", "--workspace", ws, "--json").out());
        assertEquals(4, list.get("amendments").size());
        assertEquals("log.jsonl line 6: not valid JSON", list.get("problems").get(0).asText());
        String sha = list.get("amendments").get(2).get("sha").asText();
        assertThat(run("amendments", "show", sha.substring(0, 8), "--workspace", ws).out()).contains("+0. Check the loop's budget")
                .contains(" — skill amendment on skills/loop-nanny/SKILL.md");
        // the text says kinds in the window's words; --json keeps the log's codes for programs
        String text = run("amendments", "list", "--workspace", ws).out();
        assertThat(text).contains("SOUL amendment").contains("skill amendment").doesNotContain("AMEND_");
        assertThat(list.get("amendments").get(2).get("kind").asText()).isEqualTo("AMEND_SKILL");
        DemoCommandTest.Run revert = run("amendments", "revert", sha, "--by", "joel", "--workspace", ws, "--json");
        assertEquals(0, revert.code(), revert.err());
        DemoCommandTest.Run again = run("amendments", "revert", sha, "--by", "joel", "--workspace", ws);
        assertEquals(1, again.code());
        assertThat(again.err()).contains("is already reverted");
        assertEquals(2, json.readTree(run("amendments", "list", "--status", "reverted", "--workspace", ws, "--json").out())
                .get("amendments").size());
    }

    @Test
    void failedListClearPruneWithARealRedis() throws Exception {
        try (testsupport.RedisServer redis = new testsupport.RedisServer(tmp.resolve("redis"))) {
            Path file = Path.of(ws, "workspace.json");
            Files.writeString(file, Files.readString(file).replace("\"redis\": null", "\"redis\": {\"url\": \"" + redis.url() + "\"}"));
            run("sync", "--workspace", ws);
            assertEquals(0, run("failed", "copy-to-redis", "--workspace", ws).code());
            JsonNode list = json.readTree(run("failed", "list", "--workspace", ws, "--json").out());
            assertEquals(3, list.get("targets").size());
            assertThat(list.get("targets").findValuesAsText("where")).containsOnly("BOTH");
            assertEquals(2, run("failed", "clear", "gremlin/S1", "--workspace", ws).code(), "a reason is required");
            DemoCommandTest.Run unknown = run("failed", "clear", "nope/S1", "--reason", "x", "--workspace", ws);
            assertEquals(1, unknown.code());
            assertThat(unknown.err()).contains("No failed target \"nope/S1\"");
            DemoCommandTest.Run clear = run("failed", "clear", "gremlin/S1", "--reason", "Fixed.", "--by", "joel", "--workspace", ws);
            assertEquals(0, clear.code(), clear.err());
            assertThat(clear.out()).startsWith("gremlin/S1: Redis removed, index removed")
                    .doesNotContain("(1 documents)");
            DemoCommandTest.Run prune = run("failed", "prune", "--workspace", ws, "--json");
            assertEquals(0, prune.code(), prune.err());
            assertThat(json.readTree(prune.out()).get("redisRemoved").asInt()).isPositive();
            assertEquals(1, json.readTree(run("failed", "list", "--workspace", ws, "--json").out()).get("targets").size());
        }
    }

    @Test
    void noteWritesATurnNoteOrPrintsTheReasonCode() throws Exception {
        DemoCommandTest.Run ok = run("note", "--source", "gateway", "--agent", "pi", "--session", "s1", "--turn", "3",
                "--summary", "Chose exact ids", "--usefulness", "Retry Safety", "--workspace", ws, "--json");
        assertEquals(0, ok.code(), ok.err());
        assertEquals("turn:gateway:pi:internal:s1:3", json.readTree(ok.out()).get("id").asText());
        DemoCommandTest.Run skip = run("note", "--source", "gateway", "--agent", "pi", "--session", "s1", "--turn", "4",
                "--skip-reason", "routine-heartbeat", "--workspace", ws);
        assertEquals(0, skip.code());
        assertThat(skip.out()).startsWith("Skipped (routine-heartbeat)");
        DemoCommandTest.Run bad = run("note", "--source", "gateway", "--agent", "pi", "--session", "s1", "--turn", "5",
                "--skip-reason", "bored", "--workspace", ws);
        assertEquals(1, bad.code());
        assertEquals("invalid_skip_reason", bad.out().strip());
        DemoCommandTest.Run none = run("note", "--source", "gateway", "--agent", "pi", "--session", "s1", "--turn", "6",
                "--workspace", ws, "--json");
        assertEquals("missing_summary_without_skip_reason", json.readTree(none.out()).get("reason").asText());
        assertEquals(2, run("note", "--agent", "pi", "--session", "s", "--turn", "1", "--workspace", ws).code());
        // a flag given but blank is refused by name, as the running CLI refuses it ("--agent is required")
        DemoCommandTest.Run blank = run("note", "--source", "gateway", "--agent", " ", "--session", "s1", "--turn", "7",
                "--summary", "x", "--workspace", ws);
        assertEquals(1, blank.code());
        assertEquals("missing_agent", blank.out().strip());
        assertThat(blank.err()).contains("agent is empty");
        JsonNode found = json.readTree(run("search", "exact", "--type", "turn_note", "--workspace", ws, "--json").out());
        assertEquals(1, found.get("total").asInt());
    }

    @Test
    void briefAsMarkdownAndJson() throws Exception {
        run("sync", "--workspace", ws);
        // no Redis configured: the pitch rules could not be checked, so the verdict says so (not "Pitch allowed")
        assertThat(run("brief", "--workspace", ws).out())
                .startsWith("# Mise brief\n\n**Pitch rules not checked (no Redis configured)**");
        JsonNode brief = json.readTree(run("brief", "--workspace", ws, "--json").out());
        assertEquals(5, brief.get("recentRetros").size());
        assertEquals("not configured", brief.get("health").get("redis").asText());
        assertThat(brief.get("pitchAllowed").isNull()).isTrue();
        assertThat(brief.get("pitchChecked").asBoolean()).isFalse();
        assertThat(brief.get("gatheredMillis").asLong()).isNotNegative();
    }

    @Test
    void refusalsExitNonZeroWithAClearMessage() throws Exception {
        DemoCommandTest.Run badBudget = run("search", "x", "--budget", "huge", "--workspace", ws);
        assertEquals(2, badBudget.code()); // a usage error, as every bad option value is
        assertThat(badBudget.err()).contains("Invalid value for option '--budget': \"huge\" is not a recall budget; "
                + "use one of lean, balanced, deep, auto");
        DemoCommandTest.Run missing = run("sync", "--workspace", tmp.resolve("nope").toString());
        assertEquals(1, missing.code());
        assertThat(missing.err()).contains("Workspace folder " + tmp.resolve("nope") + " does not exist.");
        Files.writeString(Path.of(ws, "workspace.json"), "{\"name\": \"demo\", \"vault\": \"vault\", \"readOnly\": true}");
        DemoCommandTest.Run readOnly = run("sync", "--workspace", ws);
        assertEquals(1, readOnly.code());
        assertThat(readOnly.err()).contains("is read-only");
    }
}
