package services.demo;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Stream;
import services.amendments.AmendmentHistory;
import services.reach.LessonLog;
import services.review.ReviewBranch;
import services.review.ReviewService;
import services.workspace.WorkspaceException;

/**
 * Writes the built-in demo workspace: a realistic Vault (ADRs of every era, retros, brain notes), a skills repo
 * and a {@code workspace.json} with relative paths, so the whole folder can be moved. It refuses to write into a
 * folder that holds anything but an earlier demo — the files its manifest lists, unchanged — so it can never
 * overwrite or delete a user's files ({@link DemoManifest}).
 */
public final class DemoWorkspace {

    /** Marks a folder as written by this class, so that writing the demo again may replace it. */
    public static final String MARKER = ".brain-console-demo";

    private final Clock clock;
    private final BiFunction<Path, String, ReviewBranch> branches;
    private final Function<Path, AmendmentHistory> histories;

    /**
     * @param branches  opens a repository's branch (the applied amendments are committed through it)
     * @param histories opens a repository's amendment history (one amendment is reverted through it)
     */
    public DemoWorkspace(Clock clock, BiFunction<Path, String, ReviewBranch> branches,
                         Function<Path, AmendmentHistory> histories) {
        this.clock = clock;
        this.branches = branches;
        this.histories = histories;
    }

    public record Summary(Path dir, int adrs, int skills, int loops, int proposals) {
    }

    public Summary write(Path target) {
        return writeWithRedis(target, null);
    }

    /**
     * Writes the demo; with a {@code redisUrl} its workspace.json names that Redis (the loop state of
     * {@link DemoLoopState} is then written into it with {@link RedisDemoSeed#seed}).
     */
    public Summary writeWithRedis(Path target, String redisUrl) {
        Path dir = target.toAbsolutePath().normalize();
        checkTarget(dir);
        try {
            if (Files.exists(dir.resolve(MARKER), LinkOption.NOFOLLOW_LINKS)) {
                DemoManifest.deleteEarlierDemo(dir, dir.resolve(MARKER));
            }
            Files.createDirectories(dir);
            write(dir.resolve(MARKER), DemoManifest.HEADER + "\n"); // the file list follows once the demo is complete
            write(dir.resolve("workspace.json"), """
                    {
                      "name": "demo",
                      "reviewer": "joel",
                      "vault": "vault",
                      "skillsRepo": "repos/joelclaw",
                      "behaviourRepo": "repos/behaviour",
                      "dreamDir": "dream",
                      "profilesDir": "agents",
                      "reviewBranch": "brain/review",
                      "failedTargetTtlDays": 7,
                      "index": { "backend": "lucene" },
                      "redis": %s,
                      "otelEvents": { "source": "spool", "path": "spool/otel" },
                      "schedules": { "sync": "0 3 * * *", "watchdog": "0 */4 * * *" },
                      "watchdog": { "pruneGraceHours": 48 }
                    }
                    """.formatted(redisUrl == null ? "null" : "{ \"url\": "
                    + new ObjectMapper().writeValueAsString(redisUrl) + " }"));
            Path vault = dir.resolve("vault");
            int adrs = new DemoAdrs(vault.resolve("docs/decisions")).write();
            int skills = new DemoSkills(dir.resolve("repos/joelclaw/skills")).write();
            danglingSkillLink(dir.resolve("repos/joelclaw/skills/support-triage"));
            List<DemoRetros.Loop> loopList = new DemoRetros(vault, clock.instant()).write();
            int loops = loopList.size();
            for (String folder : new String[] {"dream/proposals", "agents", DemoOtel.SPOOL, "vault/system/brain/skill-proposals",
                "state"}) {
                Files.createDirectories(dir.resolve(folder));
            }
            int proposals = new JGitDemoRepos(dir.resolve("repos/joelclaw"), dir.resolve("repos/behaviour"),
                    vault.resolve("system/brain/skill-proposals"), dir.resolve("dream/proposals"),
                    dir.resolve("state").resolve(ReviewService.DEMO_DECISIONS)).write();
            new DemoProfiles(dir.resolve("agents")).write();
            new DemoAmendments(dir.resolve("repos/joelclaw"), dir.resolve("repos/behaviour"), dir.resolve("dream"),
                    clock.instant(), branches, histories).write();
            new DemoOtel(dir, clock.instant()).write();
            DemoLoopState.write(dir, DemoLoopState.keys(loopList, clock.instant()));
            // one lesson deprecated by hand, so the lifecycle shows every state (the others follow from reach)
            new LessonLog(dir.resolve("state")).append(List.of(new LessonLog.Transition(
                    "lesson:" + loopList.get(loopList.size() - 1).id() + ":0", "candidate", "deprecated",
                    clock.instant().minusSeconds(86_400).toString(), "joel", "Superseded: every cron function now "
                    + "gets a concurrency limit of one from the shared Inngest client.", null)));
            DemoManifest.write(dir, dir.resolve(MARKER));
            return new Summary(dir, adrs, skills, loops, proposals);
        } catch (IOException e) {
            throw new WorkspaceException("Could not write the demo workspace in " + dir + ": " + e.getMessage(), e);
        }
    }

    /**
     * A skill linked to a folder of another repository that is not on this machine, as several real ones are
     * (committed as a link, as in the real repository; a file system without symbolic links simply has none).
     */
    private static void danglingSkillLink(Path link) {
        try {
            Files.createSymbolicLink(link, Path.of("/Users/joel/Code/skillrecordings/support/skills/support-triage"));
        } catch (IOException | UnsupportedOperationException | SecurityException noLinks) {
            // nothing to show then
        }
    }

    private static void checkTarget(Path dir) {
        if (Files.isRegularFile(dir)) {
            throw new WorkspaceException("Cannot write the demo workspace: " + dir + " is a file.");
        }
        if (!Files.isDirectory(dir) || Files.exists(dir.resolve(MARKER))) {
            return;
        }
        try (Stream<Path> entries = Files.list(dir)) {
            if (entries.findAny().isPresent()) {
                throw new WorkspaceException("Cannot write the demo workspace: " + dir
                        + " is not empty and holds no earlier demo. Choose an empty or new folder.");
            }
        } catch (IOException e) {
            throw new WorkspaceException("Cannot read " + dir + ": " + e.getMessage(), e);
        }
    }

    static void write(Path file, String text) throws IOException {
        write(file, text.getBytes(StandardCharsets.UTF_8));
    }

    static void write(Path file, byte[] bytes) throws IOException {
        Files.createDirectories(file.getParent());
        Files.write(file, bytes);
    }
}
