package reliability;

import static reliability.BadInputCorpusTest.utf8;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import reliability.Case.Area;

/** The corpus: every case RELIABILITY.md lists, in its order. */
final class BadInputCases {

    private static final String ADRS = "vault/docs/decisions/";
    private static final String RETROS = "vault/system/retrospectives/";
    private static final String SKILLS = "repos/joelclaw/skills/";
    private static final String PROPOSALS = "dream/proposals/";

    private BadInputCases() {
    }

    static List<Case> all() {
        List<Case> c = new ArrayList<>();
        // --- vault files: ADRs -------------------------------------------------------------------------------
        adr(c, "adr-unclosed", "frontmatter never closed", "0500-x.md", utf8("---\nstatus: accepted\n# Title\n"),
                "frontmatter starts with '---' on line 1 but is never closed");
        adr(c, "adr-flow", "YAML: unclosed flow sequence", "0501-x.md", utf8("---\nstatus: [accepted\n---\n# T\n"),
                "broken YAML frontmatter at line 2: while parsing a flow sequence");
        adr(c, "adr-tab", "YAML: tab indentation", "0502-x.md", utf8("---\nstatus:\n\t- a\n---\n# T\n"),
                "broken YAML frontmatter at line 2");
        adr(c, "adr-bad-indent", "YAML: mapping under a scalar", "0503-x.md", utf8("---\nstatus: a\n  date: b\n---\n# T\n"),
                "broken YAML frontmatter at line 3: mapping values are not allowed here");
        adr(c, "adr-unclosed-quote", "YAML: unclosed quote", "0504-x.md", utf8("---\ntitle: \"oops\n---\n# T\n"),
                "broken YAML frontmatter");
        adr(c, "adr-list-front", "frontmatter is a list", "0505-x.md", utf8("---\n- a\n- b\n---\n# T\n"),
                "frontmatter is not a list of 'key: value' lines");
        adr(c, "adr-scalar-front", "frontmatter is one word", "0506-x.md", utf8("---\njust words\n---\n# T\n"),
                "frontmatter is not a list of 'key: value' lines");
        adr(c, "adr-dup-keys", "duplicate keys", "0507-x.md", utf8("---\nstatus: a\nstatus: b\n---\n# T\n"),
                "Duplicate field 'status'");
        adr(c, "adr-alias-bomb", "YAML alias bomb (aliases are not expanded)", "0508-x.md", utf8("---\na: &a [x,x,x,x,x,x,x,x,x]\n"
                + "b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\n"
                + "e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: [*e,*e,*e,*e,*e,*e,*e,*e,*e]\n---\n# Bomb\n"), "");
        adr(c, "adr-nesting", "a 200-level nested list", "0509-x.md",
                utf8("---\nx: " + "[".repeat(200) + "]".repeat(200) + "\n---\n# T\n"), "nested more than 40 levels deep");
        adr(c, "adr-bom", "a UTF-8 byte-order mark (accepted)", "0510-x.md",
                concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, utf8("---\nstatus: accepted\n---\n# BOM\n")), "");
        adr(c, "adr-crlf", "CRLF line ends (accepted)", "0511-x.md", utf8("---\r\nstatus: accepted\r\n---\r\n# CRLF\r\n"), "");
        adr(c, "adr-invalid-utf8", "invalid UTF-8", "0512-x.md", concat(utf8("# Bad "), new byte[] {(byte) 0xC3, 0x28}),
                "not valid UTF-8 (bad byte at offset 6)");
        adr(c, "adr-latin1", "Latin-1 text (mixed encodings)", "0513-x.md", concat(utf8("# Caf"), new byte[] {(byte) 0xE9}),
                "not valid UTF-8 (bad byte at offset 5)");
        adr(c, "adr-nul", "a NUL byte", "0514-x.md", utf8("# Has NUL\u0000 inside\n"), "binary content (a NUL byte at offset 9)");
        adr(c, "adr-png", "a PNG named .md", "0515-x.md", new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n', 0, 0},
                "binary content (a NUL byte at offset 8), not a text file");
        c.add(new Case("adr-10mb", Area.VAULT, "a 10 MB file", "docs/decisions/0516-x.md", ws -> Files.write(
                ws.resolve(ADRS + "0516-x.md"), utf8("# Huge\n" + "x".repeat(10 * 1024 * 1024))),
                "file is too large (10240 KiB; the limit is 2048 KiB)"));
        adr(c, "adr-empty", "an empty file (accepted: title from the file name)", "0517-x.md", new byte[0], "");
        adr(c, "adr-dup-number", "a second file with an ADR number in use (both indexed, warned)", "0001-zz-another.md",
                utf8("# Another first\n"), "duplicate ADR number 0001 (also used by docs/decisions/0001-record-"
                        + "architecture-decisions.md, which keeps adr:0001): indexed as adr:0001:zz-another");
        adr(c, "adr-status-list", "status is a list", "0518-x.md", utf8("---\nstatus: [a, b]\n---\n# T\n"),
                "frontmatter 'status' must be text, found a list");
        adr(c, "adr-status-map", "status is a mapping", "0519-x.md", utf8("---\nstatus:\n  a: b\n---\n# T\n"),
                "frontmatter 'status' must be text, found a mapping");
        adr(c, "adr-status-unknown", "an unknown status (kept, warned)", "0520-x.md", utf8("---\nstatus: maybe-later\n---\n# T\n"),
                "unknown status \"maybe_later\" (kept as it is)");
        c.add(new Case("adr-symlink-loop", Area.VAULT, "a symlink loop", "docs/decisions/0521-x.md", ws ->
                Files.createSymbolicLink(ws.resolve(ADRS + "0521-x.md"), ws.resolve(ADRS + "0521-x.md")), "symbolic link loop"));
        c.add(new Case("adr-removed", Area.VAULT, "a dangling symlink (its target is gone)", "docs/decisions/0522-x.md",
                ws -> Files.createSymbolicLink(ws.resolve(ADRS + "0522-x.md"), ws.resolve(ADRS + "gone.md")),
                "gone.md, which does not exist; not indexed"));
        // --- vault files: retros and skills ------------------------------------------------------------------
        file(c, "retro-yaml", Area.VAULT, "retro: broken YAML", RETROS + "loop-bad1.md", "system/retrospectives/loop-bad1.md",
                utf8("---\nloopId: [x\n---\n# Retro\n"), "broken YAML frontmatter at line 2");
        file(c, "retro-count", Area.VAULT, "retro: a count that is not a number", RETROS + "loop-bad2.md",
                "system/retrospectives/loop-bad2.md", utf8("---\nloopId: loop-bad2\nproject: p\nstoriesCompleted: many\n---\n# R\n"),
                "frontmatter 'storiesCompleted' must be a whole number, found \"many\"");
        file(c, "retro-nul", Area.VAULT, "retro: binary", RETROS + "loop-bad3.md", "system/retrospectives/loop-bad3.md",
                utf8("---\nloopId: loop-bad3\n---\n\u0000"), "binary content");
        file(c, "retro-project-list", Area.VAULT, "retro: project is a list", RETROS + "loop-bad4.md",
                "system/retrospectives/loop-bad4.md", utf8("---\nloopId: loop-bad4\nproject: [a, b]\n---\n# R\n"),
                "frontmatter 'project' must be text, found a list");
        file(c, "skill-yaml", Area.VAULT, "skill: broken YAML", SKILLS + "bad-yaml/SKILL.md", "skills/bad-yaml/SKILL.md",
                utf8("---\nname: [x\n---\nbody\n"), "broken YAML frontmatter at line 2");
        file(c, "skill-no-front", Area.VAULT, "skill: no frontmatter", SKILLS + "no-front/SKILL.md", "skills/no-front/SKILL.md",
                utf8("just text\n"), "SKILL.md has no YAML frontmatter (name, description)");
        file(c, "skill-desc-list", Area.VAULT, "skill: description is a list", SKILLS + "desc-list/SKILL.md",
                "skills/desc-list/SKILL.md", utf8("---\nname: desc-list\ndescription: [a, b]\n---\nbody\n"),
                "frontmatter 'description' must be text, found a list");
        c.add(new Case("skill-no-file", Area.VAULT, "skill: a folder without SKILL.md", "skills/empty-skill/", ws ->
                Files.createDirectories(ws.resolve(SKILLS + "empty-skill")), "skill folder has no SKILL.md; not indexed"));
        file(c, "skill-invalid-utf8", Area.VAULT, "skill: invalid UTF-8", SKILLS + "bytes/SKILL.md", "skills/bytes/SKILL.md",
                concat(utf8("---\nname: bytes\ndescription: caf"), new byte[] {(byte) 0xE9, '\n'}), "not valid UTF-8");
        // --- proposals ---------------------------------------------------------------------------------------
        proposal(c, "proposal-unknown-kind", "an unknown kind", "p01.md", front("p01").replace("PROPOSE_RULE", "REWRITE_ALL"),
                "unknown kind \"REWRITE_ALL\"");
        proposal(c, "proposal-missing-target", "no target", "p02.md", front("p02").replace("target: AGENTS.md\n", ""),
                "missing 'target'");
        proposal(c, "proposal-missing-kind", "no kind", "p03.md", front("p03").replace("kind: PROPOSE_RULE\n", ""),
                "missing 'kind'");
        proposal(c, "proposal-absolute", "an absolute target", "p04.md", front("p04").replace("target: AGENTS.md", "target: /etc/passwd"),
                "target \"/etc/passwd\" is an absolute path");
        proposal(c, "proposal-dotdot", "a target with ..", "p05.md", front("p05").replace("target: AGENTS.md", "target: ../out.md"),
                "target \"../out.md\" contains '..'");
        proposal(c, "proposal-git", "a target in .git/", "p06.md", front("p06").replace("target: AGENTS.md", "target: .git/config"),
                "target \".git/config\" points into .git/");
        c.add(new Case("proposal-symlink", Area.PROPOSAL, "a target through a symlink leading out", "p07.md", ws -> {
            Files.createSymbolicLink(ws.resolve("repos/behaviour/escape"), ws.getParent());
            Files.writeString(ws.resolve(PROPOSALS + "p07.md"), front("p07").replace("target: AGENTS.md", "target: escape/x.md"));
        }, "resolves through the symlink escape to outside the repository"));
        proposal(c, "proposal-patch", "a patch that does not apply", "p08.md", "---\nid: p08\nkind: AMEND_SOUL\nrisk: low\n"
                + "repo: behaviour\ntarget: SOUL.md\nbase: \"none\"\n---\n\n## Rationale\n\nWhy.\n\n## Patch\n\n```diff\n--- a/SOUL.md\n"
                + "+++ b/SOUL.md\n@@ -1,2 +1,2 @@\n-not in the file\n+new\n```\n", "its patch does not apply to SOUL.md");
        proposal(c, "proposal-yaml", "broken YAML", "p09.md", "---\nid: [p09\n---\n## Rationale\n", "broken YAML frontmatter at line 2");
        proposal(c, "proposal-empty", "an empty file", "p10.md", "", "no YAML frontmatter (id, kind, target");
        proposal(c, "proposal-no-change", "no patch and no proposed text", "p11.md",
                front("p11").replaceAll("(?s)## Proposed.*", ""), "no change: needs a ## Patch");
        proposal(c, "proposal-no-rationale", "no rationale", "p12.md", front("p12").replace("## Rationale\n\nWhy.\n\n", "")
                .replace("target: AGENTS.md", "target: rules/new-rule.md"),
                "no '## Rationale' section");
        proposal(c, "proposal-risk", "an unknown risk", "p13.md", front("p13").replace("risk: low", "risk: catastrophic"),
                "'risk' must be low, medium or high, found \"catastrophic\"");
        proposal(c, "proposal-confidence", "confidence not a number", "p14.md", front("p14").replace("status: pending",
                "status: pending\nconfidence: very"), "'confidence' must be a number from 0 to 1, found \"very\"");
        proposal(c, "proposal-confidence-range", "confidence above 1", "p15.md", front("p15").replace("status: pending",
                "status: pending\nconfidence: 7"), "'confidence' must be a number from 0 to 1, found 7.0");
        proposal(c, "proposal-repo", "an unknown repo", "p16.md", front("p16").replace("repo: behaviour", "repo: elsewhere"),
                "'repo' must be skills or behaviour, found \"elsewhere\"");
        proposal(c, "proposal-status", "an unknown status", "p17.md", front("p17").replace("status: pending", "status: maybe"),
                "unknown status \"maybe\"");
        proposal(c, "proposal-dup-id", "an id another proposal has", "p18.md", front("dream-2026-11-20-01"),
                "duplicate id dream-2026-11-20-01");
        proposal(c, "proposal-id-list", "id is a list", "p19.md", front("p19").replace("id: p19", "id: [a, b]"),
                "frontmatter 'id' must be text, found a list");
        proposal(c, "proposal-evidence-map", "evidence is a mapping", "p21.md", front("p21").replace("status: pending",
                "status: pending\nevidence: {a: b}"), "frontmatter 'evidence' must be a list, found a mapping");
        proposal(c, "proposal-evidence-number", "evidence is a number", "p22.md", front("p22").replace("status: pending",
                "status: pending\nevidence: 5"), "frontmatter 'evidence' must be a list, found the number 5");
        proposal(c, "proposal-evidence-item-map", "an evidence item is a mapping", "p23.md", front("p23").replace(
                "status: pending", "status: pending\nevidence:\n  - ok\n  - {a: b}"),
                "frontmatter 'evidence' item 2 must be text, found a mapping");
        proposal(c, "proposal-evidence-item-bool", "an evidence item is a boolean", "p24.md", front("p24").replace(
                "status: pending", "status: pending\nevidence: [true]"),
                "frontmatter 'evidence' item 1 must be text, found true (a boolean)");
        proposal(c, "proposal-confidence-nan", "confidence .nan (the YAML reader refuses it)", "p25.md", front("p25")
                .replace("status: pending", "status: pending\nconfidence: .nan"),
                "broken YAML frontmatter at line 11: Malformed numeric value '.nan'");
        proposal(c, "proposal-confidence-nan-text", "confidence NaN (as Java reads it)", "p26.md", front("p26").replace(
                "status: pending", "status: pending\nconfidence: NaN"), "'confidence' must be a number from 0 to 1, found \"NaN\"");
        proposal(c, "proposal-confidence-inf", "confidence .inf (the YAML reader refuses it)", "p27.md", front("p27")
                .replace("status: pending", "status: pending\nconfidence: .inf"),
                "broken YAML frontmatter at line 11: Malformed numeric value '.inf'");
        proposal(c, "proposal-confidence-infinity", "confidence Infinity (as Java reads it)", "p28.md", front("p28").replace(
                "status: pending", "status: pending\nconfidence: Infinity"),
                "'confidence' must be a number from 0 to 1, found \"Infinity\"");
        proposal(c, "proposal-confidence-bool", "confidence is a boolean", "p29.md", front("p29").replace(
                "status: pending", "status: pending\nconfidence: true"),
                "'confidence' must be a number from 0 to 1, found true (a boolean)");
        proposal(c, "proposal-target-bool", "target is a boolean", "p30.md", front("p30").replace("target: AGENTS.md",
                "target: true"), "frontmatter 'target' must be text, found true (a boolean)");
        proposal(c, "proposal-id-float", "id is a number that is not whole", "p31.md", front("p31").replace("id: p31",
                "id: 1.10"), "frontmatter 'id' must be text, found the number 1.1; quote it to keep it as written");
        proposal(c, "proposal-risk-list", "risk is a list", "p32.md", front("p32").replace("risk: low", "risk: [low]"),
                "frontmatter 'risk' must be text, found a list");
        c.add(new Case("proposal-binary", Area.PROPOSAL, "binary content", "p20.md", ws ->
                Files.write(ws.resolve(PROPOSALS + "p20.md"), new byte[] {0, 1, 2, 3}), "binary content (a NUL byte at offset 0)"));
        // --- the dream log -----------------------------------------------------------------------------------
        log(c, "dreamlog-truncated", "a truncated last line", utf8("{\"ts\":\"2026-11-21T00:00:00Z\",\"cycle\":\"x\",\"outp"),
                "not valid JSON");
        log(c, "dreamlog-not-json", "a line that is not JSON", utf8("this is not json\n"), "not valid JSON");
        log(c, "dreamlog-array", "a JSON array instead of an object", utf8("[1, 2, 3]\n"), "not a JSON object");
        log(c, "dreamlog-invalid-utf8", "a line of invalid UTF-8", new byte[] {(byte) 0xFF, (byte) 0xFE, '\n'}, "not valid UTF-8");
        log(c, "dreamlog-outputs", "outputs is not a list", utf8("{\"ts\":\"2026-11-21T00:00:00Z\",\"cycle\":\"x\",\"outputs\":\"no\"}\n"),
                "dream log entry x (2026-11-21T00:00:00Z): 'outputs' is not a list — skipped");
        log(c, "dreamlog-action", "an unknown action", utf8("{\"ts\":\"2026-11-21T00:00:00Z\",\"cycle\":\"x\",\"outputs\":"
                + "[{\"id\":\"o1\",\"action\":\"exploded\"}]}\n"), "output o1: unknown action \"exploded\" — skipped");
        c.add(new Case("dreamlog-bom", Area.DREAM_LOG, "dream log: a UTF-8 byte-order mark before the first entry (accepted)",
                "dream/log.jsonl", ws -> Files.write(ws.resolve("dream/log.jsonl"), concat(new byte[] {(byte) 0xEF, (byte) 0xBB,
                (byte) 0xBF}, Files.readAllBytes(ws.resolve("dream/log.jsonl")))), ""));
        log(c, "dreamlog-two-objects", "two JSON objects on one line", utf8("{\"ts\":\"2026-11-21T00:00:00Z\",\"cycle\":\"x\","
                + "\"outputs\":[]}{\"ts\":\"2026-11-21T00:00:01Z\",\"cycle\":\"y\",\"outputs\":[]}\n"),
                "more than one JSON value on the line");
        // --- workspace.json ----------------------------------------------------------------------------------
        ws(c, "workspace-ttl-type", "failedTargetTtlDays is a string", "\"failedTargetTtlDays\": \"seven\"", "failedTargetTtlDays");
        ws(c, "workspace-index-type", "index is a string", "\"index\": \"lucene\"", "key 'index': expected an object");
        ws(c, "workspace-backend", "an unknown backend", "\"index\": {\"backend\": \"elastic\"}", "unknown backend \"elastic\"");
        ws(c, "workspace-typesense-nodes", "typesense without nodes", "\"index\": {\"backend\": \"typesense\"}",
                "the typesense backend needs at least one node URL");
        ws(c, "workspace-redis-password", "a password in the Redis URL", "\"redis\": {\"url\": \"redis://u:secret@h:6379/0\"}",
                "put no password in the URL");
        ws(c, "workspace-redis-modes", "two Redis modes at once", "\"redis\": {\"url\": \"redis://h:6379/0\", \"cluster\": [\"h:7000\"]}",
                "give exactly one of");
        ws(c, "workspace-readonly-type", "readOnly is a string", "\"readOnly\": \"yes\"", "readOnly");
        ws(c, "workspace-schedules-type", "a schedule that is a number", "\"schedules\": {\"sync\": 3}",
                "workspace.json key \"schedules.sync\" must be a string");
        ws(c, "workspace-watchdog-range", "a compliance threshold above 1", "\"watchdog\": {\"compliance\": 5}",
                "workspace.json key \"watchdog.compliance\" must be a number from 0 to 1");
        c.add(new Case("workspace-trailing-comma", Area.WORKSPACE, "invalid JSON (trailing comma)", "workspace.json", w ->
                Files.writeString(w.resolve("workspace.json"), "{\"name\": \"x\",}"), "not valid JSON"));
        c.add(new Case("workspace-array", Area.WORKSPACE, "a top-level array", "workspace.json", w ->
                Files.writeString(w.resolve("workspace.json"), "[1, 2]"), "the top level must be a JSON object"));
        c.add(new Case("workspace-empty", Area.WORKSPACE, "an empty file", "workspace.json", w ->
                Files.writeString(w.resolve("workspace.json"), ""), "is empty"));
        // --- OTEL events -------------------------------------------------------------------------------------
        otel(c, "otel-not-json", "a line that is not JSON", "bad1.jsonl", "not json\n", "bad1.jsonl line 1: not valid JSON — skipped");
        otel(c, "otel-no-timestamp", "no timestamp", "bad2.jsonl", "{\"action\": \"agent.dispatch\"}\n",
                "bad2.jsonl line 1: no numeric \"timestamp\"");
        otel(c, "otel-seconds", "a timestamp in seconds", "bad3.jsonl", "{\"timestamp\": 1763800000, \"action\": \"x\"}\n",
                "bad3.jsonl line 1: timestamp 1763800000 is in seconds, not milliseconds — read as seconds");
        otel(c, "otel-array", "a JSON array", "bad4.jsonl", "[1, 2]\n", "bad4.jsonl line 1: not a JSON object — skipped");
        otel(c, "otel-bom", "a UTF-8 byte-order mark before the first event (accepted)", "bom.jsonl",
                "\uFEFF{\"timestamp\": 1795000000000, \"action\": \"x\"}\n", "");
        otel(c, "otel-two-objects", "two JSON objects on one line", "bad5.jsonl", "{\"timestamp\": 1795000000000, \"action\": "
                + "\"x\"}{\"timestamp\": 1795000000001, \"action\": \"y\"}\n",
                "bad5.jsonl line 1: more than one JSON value on the line — skipped");
        return c;
    }

    private static String front(String id) {
        return "---\nid: " + id + "\nkind: PROPOSE_RULE\nrisk: low\nrepo: behaviour\ntarget: AGENTS.md\nbase: \"none\"\n"
                + "source: dream:x\ncreated: 2026-11-20T03:00:00Z\nstatus: pending\n---\n\n## Rationale\n\nWhy.\n\n## Proposed\n\n"
                + "```\nnew text\n```\n";
    }

    private static void adr(List<Case> c, String id, String what, String name, byte[] bytes, String expected) {
        file(c, id, Area.VAULT, "ADR: " + what, ADRS + name, "docs/decisions/" + name, bytes, expected);
    }

    private static void file(List<Case> c, String id, Area area, String what, String path, String shown, byte[] bytes,
                             String expected) {
        c.add(new Case(id, area, what, shown, ws -> {
            Files.createDirectories(ws.resolve(path).getParent());
            Files.write(ws.resolve(path), bytes);
        }, expected));
    }

    private static void proposal(List<Case> c, String id, String what, String name, String text, String expected) {
        file(c, id, Area.PROPOSAL, "proposal: " + what, PROPOSALS + name, name, utf8(text), expected);
    }

    private static void log(List<Case> c, String id, String what, byte[] line, String expected) {
        c.add(new Case(id, Area.DREAM_LOG, "dream log: " + what, "dream/log.jsonl", ws -> Files.write(
                ws.resolve("dream/log.jsonl"), line, StandardOpenOption.APPEND), expected));
    }

    private static void ws(List<Case> c, String id, String what, String keys, String expected) {
        c.add(new Case(id, Area.WORKSPACE, "workspace.json: " + what, "workspace.json", w -> {
            String json = Files.readString(w.resolve("workspace.json")).strip();
            Files.writeString(w.resolve("workspace.json"), json.substring(0, json.length() - 1) + ", " + keys + "}");
        }, expected));
    }

    private static void otel(List<Case> c, String id, String what, String name, String text, String expected) {
        c.add(new Case(id, Area.OTEL, "OTEL events: " + what, name, ws -> {
            // the demo's events are a spool folder; these cases are about JSON-lines files, beside one good one
            Files.createDirectories(ws.resolve("otel"));
            Files.writeString(ws.resolve("otel/good.jsonl"), "{\"timestamp\": 1795000000000, \"action\": "
                    + "\"system_knowledge.retrieval\"}\n");
            Files.writeString(ws.resolve("otel/" + name), text);
        }, expected));
    }

    static byte[] concat(byte[] a, byte[] b) {
        byte[] out = new byte[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
