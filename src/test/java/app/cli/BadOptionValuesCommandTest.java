package app.cli;

import static app.cli.DemoCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every option that takes a number, a duration or a choice, given what a person mistypes, through the real command
 * line: a usage error (exit 2) naming the option and what it takes, nothing on stdout, never a stack trace or
 * "Unexpected error"; and ids or folders that do not exist are refusals (exit 1) that say so.
 */
class BadOptionValuesCommandTest {

    @TempDir
    static Path tmp;

    static String ws;

    @BeforeAll
    static void demo() {
        ws = tmp.resolve("ws").toString();
        assertThat(run("demo", ws).code()).isZero();
    }

    /** {args without --workspace, the option named, what the message says is allowed}. */
    static Stream<Arguments> usageErrors() {
        List<Arguments> cases = new ArrayList<>();
        String[] notWhole = {"-1", "0", "99999999999", "1.5", "abc", ""};
        for (String v : notWhole) {
            cases.add(usage("--limit", "from 1 to 10000", "search", "x", "--limit", v));
            cases.add(usage("--recall-days", "from 1 to 36500", "proposals", "show", "sp-2026-11-18-loop-nanny-01",
                    "--recall-days", v));
            cases.add(usage("--days", "from 1 to 36500", "reach", "--days", v));
            cases.add(usage("--top", "from 1 to 10000", "reach", "--top", v));
            cases.add(usage("--days", "from 1 to 36500", "lessons", "--days", v));
            cases.add(usage("--days", "from 1 to 36500", "policy", "simulate", "--days", v));
            cases.add(usage("--runs", "from 1 to 10000", "bench", "embed", "--runs", v));
            cases.add(usage("--sizes", "from 1 to 10000000", "bench", "knowledge", "--sizes", v));
            cases.add(usage("--tick", "from 1 to 86400000", "scheduler", "--for", "10ms", "--tick", v));
        }
        for (String v : new String[] {"99999999999", "1.5", "abc", ""}) {
            cases.add(usage("--turn", "0 or more", "note", "--source", "s", "--agent", "a", "--session", "x",
                    "--turn", v, "--summary", "x"));
        }
        for (String v : new String[] {"bogus", "-1s", "0", "0s", "1.5s", "", "99999999999h", "999999999999999999h"}) {
            cases.add(usage("--for", "ms, s, m or h", "scheduler", "--for", v));
        }
        for (String v : new String[] {"bogus", "PENDING", ""}) {
            cases.add(usage("--status", "use one of pending, approved", "proposals", "list", "--status", v));
        }
        cases.add(usage("--status", "use one of applied, reverted, missing", "amendments", "list", "--status", "Applied"));
        cases.add(usage("--state", "use one of candidate, established, proven, deprecated", "lessons", "--state", "Proven"));
        cases.add(usage("--type", "use one of adr, skill", "search", "x", "--type", "Lesson"));
        cases.add(usage("--budget", "use one of lean, balanced, deep, auto", "search", "x", "--budget", "huge"));
        cases.add(usage("--mode", "use one of keyword, dense, hybrid", "search", "x", "--mode", "vibes"));
        cases.add(usage("--sort", "use one of relevance, newest, score", "search", "x", "--sort", "oldest"));
        cases.add(usage("--description", "only with --budget implementor", "search", "x", "--description", "d"));
        cases.add(usage("--budget", "implementor takes no", "search", "x", "--budget", "implementor", "--limit", "3"));
        cases.add(usage("--copy-to", "use one of lucene, typesense", "sync", "--copy-to", "Typesense"));
        cases.add(usage("--risk", "is not one of low, medium, high", "policy", "simulate", "--risk", "huge=auto"));
        cases.add(usage("--risk", "NAME=auto, NAME=supervised or NAME=manual", "policy", "simulate", "--risk", "medium=always"));
        cases.add(usage("--kind", "is not one of skill_update", "policy", "set", "--kind", "SOUL=auto", "--by", "me",
                "--why", "x"));
        cases.add(usage("--run-now", "use one of sync, watchdog, policy, reach", "scheduler", "--for", "10ms",
                "--run-now", "bogus"));
        cases.add(usage("WHAT", "use one of knowledge, review, startup, brief, watchdog, recall, embed, reach, brain, cli",
                "bench", "bogus"));
        return cases.stream();
    }

    private static Arguments usage(String option, String allowed, String... args) {
        return Arguments.of(List.of(args), option, allowed);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("usageErrors")
    void aBadValueIsAUsageErrorNamingTheOptionAndWhatItTakes(List<String> args, String option, String allowed) {
        List<String> all = new ArrayList<>(args);
        if (!args.get(0).equals("bench")) {
            all.addAll(List.of("--workspace", ws));
        }
        DemoCommandTest.Run r = run(all.toArray(String[]::new));
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        String named = option.startsWith("-") ? "Invalid value for option '" + option + "'" : "Invalid value for " + option;
        assertThat(r.err()).contains(named).contains(allowed)
                .doesNotContain("Unexpected error").doesNotContain("Exception").doesNotContain("\tat ")
                .doesNotContain("Could not format");
        assertThat(r.out()).isEmpty();
    }

    static Stream<Arguments> refusals() throws Exception {
        Path file = Files.writeString(Files.createDirectories(tmp.resolve("files")).resolve("a-file"), "x");
        return Stream.of(
                Arguments.of(List.of("proposals", "show", "nosuch"), "No proposal with id \"nosuch\""),
                Arguments.of(List.of("proposals", "approve", "no such é"), "No proposal with id \"no such é\""),
                Arguments.of(List.of("proposals", "reject", "nosuch", "--reason", "r"), "No proposal with id \"nosuch\""),
                Arguments.of(List.of("amendments", "show", "deadbeef"), "No applied amendment with commit deadbeef"),
                Arguments.of(List.of("amendments", "show", "xyz"), "is not a commit id"),
                Arguments.of(List.of("amendments", "revert", "deadbeef", "--by", "me"), "No applied amendment"),
                Arguments.of(List.of("policy", "confirm", "nosuch", "--by", "me"), "No supervised approval of \"nosuch\""),
                Arguments.of(List.of("failed", "clear", "nosuch", "--reason", "r"), "No failed target \"nosuch\""),
                Arguments.of(List.of("lessons", "deprecate", "lesson:nosuch", "--reason", "r"), "lesson:nosuch"),
                Arguments.of(List.of("note", "--source", "s", "--agent", "a", "--session", "x", "--turn", "-1",
                        "--summary", "x"), "invalid_turn_number"),
                Arguments.of(List.of("search", "x", "--workspace", tmp.resolve("nope").toString()),
                        "does not exist"),
                Arguments.of(List.of("search", "x", "--workspace", file.toString()), "is a file, not a folder"),
                Arguments.of(List.of("demo", file.toString()), "is a file"),
                Arguments.of(List.of("demo", tmp.resolve("redis-down").toString(), "--redis", "redis://127.0.0.1:1/0"),
                        "could not be written to the Redis at redis://127.0.0.1:1/0"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusals")
    void aMissingIdOrFolderIsARefusalThatSaysSo(List<String> args, String says) {
        List<String> all = new ArrayList<>(args);
        if (!args.contains("--workspace") && !args.get(0).equals("demo")) {
            all.addAll(List.of("--workspace", ws));
        }
        DemoCommandTest.Run r = run(all.toArray(String[]::new));
        assertThat(r.code()).as(r.err()).isEqualTo(1);
        assertThat(r.err()).contains(says).doesNotContain("Unexpected error").doesNotContain("\tat ");
    }
}
