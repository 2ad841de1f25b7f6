package app.cli;

import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import services.demo.DemoWorkspace;
import services.demo.RedisDemoSeed;
import services.redis.RedisConnector;

/** {@code brain-console demo DIR [--redis URL]}: writes the demo workspace (and its loop state into a Redis). */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Write a realistic demo workspace into DIR (new or empty, or an earlier demo).")
final class DemoCommand extends WorkspaceCommand {

    @Parameters(paramLabel = "DIR", description = "Folder to write the demo workspace into.")
    Path dir;

    @Option(names = "--redis", paramLabel = "URL", description = "A Redis (redis://host:port/db) for the demo: "
            + "named in its workspace.json and given the loop state a deployment keeps — PRD keys of running and "
            + "ended loops, the pitch history.")
    String redis;

    @Override
    Integer run() {
        DemoWorkspace.Summary summary = cli.app().demo().writeWithRedis(dir, redis);
        int keys = 0;
        if (redis != null) {
            var ws = cli.app().loader().load(summary.dir());
            try (var client = RedisConnector.client(ws.redis())) {
                keys = RedisDemoSeed.seed(summary.dir(), client, ws.redis().describe());
            }
        }
        cli.print(new Result(summary.dir().toString(), summary.adrs(), summary.skills(), summary.loops(),
                        summary.proposals(), keys),
                "Demo workspace written to " + summary.dir() + ": " + Plural.of(summary.adrs(), "ADR") + ", "
                        + Plural.of(summary.skills(), "skill") + ", " + Plural.of(summary.loops(), "loop") + ", "
                        + Plural.of(summary.proposals(), "proposal") + ".\n"
                        + (redis == null ? "" : "Wrote " + Plural.of(keys, "loop-state key") + " (PRDs, pitch history) to "
                        + redis + ".\n") + "Open it with: " + Launcher.command() + " --workspace " + summary.dir());
        return 0;
    }

    record Result(String workspace, int adrs, int skills, int loops, int proposals, int redisKeys) {
    }
}
