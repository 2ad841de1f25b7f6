package reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Ref;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.amendments.AmendmentsService;
import services.audit.DecisionLog;
import services.text.PlainText;
import services.audit.Trailers;
import services.demo.DemoWorkspace;
import services.errors.ConsoleException;
import services.review.ReviewService;
import services.vault.FileText;
import services.vault.RetroParser;
import services.workspace.Workspace;
import testsupport.Fixtures;

/**
 * Feeds generated proposals, dream-log lines, workspace settings and retros ({@link FuzzInputs}) through the parsers and
 * the approve / reject / revert paths of the demo workspace for a bounded time (property {@code fuzz.seconds},
 * default 20; {@code fuzz.seed} replays a run — the seed is printed at the start and in every failure), and after
 * every round checks the invariants of issue #25:
 * <ul>
 *   <li>no exception escapes but the console's own refusals ({@link ConsoleException}, a message for the user);</li>
 *   <li>no commit lands on a checked-out or default branch (HEAD, main, master, index and working tree unchanged);</li>
 *   <li>the decision log and git agree: every approval and revert it records is a console commit on its branch with
 *       the proposal's id, and every console commit made during the run is recorded;</li>
 *   <li>no file outside the workspace's own state, the proposal folders, the dream folder and the repositories'
 *       object databases and non-default branches changes (decoy files outside the workspace included).</li>
 * </ul>
 */
class DecisionFuzzTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    private Path ws;
    private Path outside;
    private String seedNote;

    @Test
    void generatedAgentInputNeverBreaksTheInvariants() throws Exception {
        long seed = Long.getLong("fuzz.seed", System.nanoTime());
        long seconds = Long.getLong("fuzz.seconds", 20);
        seedNote = " [replay with -Dfuzz.seed=" + seed + "]";
        System.out.println("DecisionFuzzTest seed " + seed + " for " + seconds + " s");

        ws = Fixtures.demoAt(tmp.resolve("demo"));
        outside = Files.createDirectories(tmp.resolve("outside"));
        Files.writeString(outside.resolve("victim.txt"), "mine\n");
        Files.writeString(ws.resolve("repos/victim.txt"), "mine\n");
        Files.writeString(outside.resolve("proposal.md"), "---\nid: fz-outside\nkind: PROPOSE_RULE\nrepo: behaviour\n"
                + "target: rules/outside.md\n---\n## Rationale\n\nx\n\n## Proposed\n\n```\nx\n```\n");
        ObjectNode original = (ObjectNode) JSON.readTree(ws.resolve("workspace.json").toFile());
        Workspace first = Fixtures.loader().load(ws);
        List<String> shas = new AmendmentsService(first, Fixtures.CLOCK).list().amendments().stream()
                .map(AmendmentsService.Amendment::sha).toList();
        FuzzInputs in = new FuzzInputs(seed, shas);
        Map<String, String> heads = protectedRefs();
        Set<String> before = consoleCommits().keySet();

        long end = System.nanoTime() + seconds * 1_000_000_000L;
        int round = 0;
        int decided = 0;
        while (System.nanoTime() < end) {
            round++;
            plant(in, round, original);
            Map<String, String> snapshot = protectedFiles();
            decided += act(in, round, original);
            checkInvariants(round, snapshot, heads, before);
        }
        System.out.println("DecisionFuzzTest: " + round + " rounds, " + decided + " decisions taken" + seedNote);
        assertThat(round).as("rounds" + seedNote).isPositive();
    }

    /** New agent-written files for this round (earlier fuzz proposals removed, so the queue stays small). */
    private void plant(FuzzInputs in, int round, ObjectNode original) throws IOException {
        Path skillProposals = ws.resolve("vault/system/brain/skill-proposals");
        Path dreamProposals = ws.resolve("dream/proposals");
        for (Path dir : List.of(skillProposals, dreamProposals)) {
            try (Stream<Path> files = Files.list(dir)) {
                for (Path f : files.filter(f -> f.getFileName().toString().startsWith("fz-")).toList()) {
                    if (Files.isDirectory(f, LinkOption.NOFOLLOW_LINKS)) {
                        Files.delete(f);
                    } else {
                        Files.deleteIfExists(f);
                    }
                }
            }
        }
        for (int k = in.random.nextInt(4); k >= 0; k--) {
            Path dir = in.chance(0.5) ? skillProposals : dreamProposals;
            Files.write(dir.resolve("fz-" + round + "-" + k + ".md"), in.proposalFile());
        }
        if (in.chance(0.15)) {
            Path dir = in.chance(0.5) ? skillProposals : dreamProposals;
            switch (in.random.nextInt(4)) {
                case 0 -> Files.createDirectories(dir.resolve("fz-" + round + "-dir.md"));
                case 1 -> Files.createSymbolicLink(dir.resolve("fz-" + round + "-out.md"), outside.resolve("proposal.md"));
                case 2 -> Files.createSymbolicLink(dir.resolve("fz-" + round + "-dangling.md"), outside.resolve("nothing"));
                default -> Files.createSymbolicLink(dir.resolve("fz-" + round + "-loop.md"), dir.resolve("fz-" + round + "-loop.md"));
            }
        }
        Path log = ws.resolve("dream/log.jsonl");
        for (int k = in.random.nextInt(3); k > 0; k--) {
            String line = in.dreamLine() + (in.chance(0.9) ? "\n" : ""); // sometimes torn: the next append must survive it
            Files.write(log, line.getBytes(StandardCharsets.UTF_8), StandardOpenOption.APPEND);
        }
        String settings = in.chance(0.25) ? in.workspaceJson(original) : original.toString();
        Files.write(ws.resolve("workspace.json"), settings.getBytes(StandardCharsets.UTF_8)); // a lone surrogate as '?'
    }

    /** Lists, decides and reverts at random; returns how many decisions succeeded. */
    private int act(FuzzInputs in, int round, ObjectNode original) throws IOException {
        Workspace workspace;
        try {
            workspace = Fixtures.loader().load(ws);
        } catch (ConsoleException refused) {
            clean(refused.getMessage(), round);
            Files.writeString(ws.resolve("workspace.json"), original.toString());
            workspace = Fixtures.loader().load(ws);
        }
        String retro = in.retro(); // cheap: the retro parser on the same kind of hostile values
        try { // only "no exception escapes": the vault parsers' messages are the sync's, not checked here
            new RetroParser().parseRetro("loop-fz-" + round, retro);
        } catch (ConsoleException refused) {
            assertThat(refused.getMessage()).as("a refusal has a message" + seedNote).isNotBlank();
        } catch (RuntimeException | Error escaped) {
            throw new AssertionError("round " + round + ", parse a retro: " + escaped + seedNote, escaped);
        }
        ReviewService review = new ReviewService(workspace, Fixtures.CLOCK);
        AmendmentsService amendments = new AmendmentsService(workspace, Fixtures.CLOCK);
        int decided = 0;
        List<ReviewService.Item> items = guard(round, "list proposals", review::list);
        if (items != null) {
            items.forEach(i -> clean(String.valueOf(i.problem()), round));
            List<ReviewService.Item> fuzzed = items.stream().filter(i -> i.proposal().file().getFileName().toString()
                    .startsWith("fz-")).toList();
            for (int k = 0; k < 3 && !items.isEmpty(); k++) {
                ReviewService.Item item = !fuzzed.isEmpty() && in.chance(0.8) ? in.pick(fuzzed) : in.pick(items);
                String id = in.chance(0.95) ? item.proposal().id() : in.nasty();
                String by = in.by();
                Object done = guard(round, "decide " + id, () -> switch (in.random.nextInt(5)) {
                    case 0, 1 -> review.approve(id, by, null);
                    case 2 -> review.approve(id, by, in.chance(0.5) ? "# Edited\n" : in.nasty());
                    case 3 -> review.reject(id, by, in.nasty());
                    default -> review.requestChanges(id, by, in.nasty());
                });
                decided += done == null ? 0 : 1;
            }
        }
        AmendmentsService.Listing listing = guard(round, "list amendments", amendments::list);
        if (listing != null) {
            listing.problems().forEach(p -> clean(p, round));
            List<String> chosen = new ArrayList<>();
            for (int k = in.random.nextInt(3); k > 0; k--) {
                String sha = listing.amendments().isEmpty() ? "" : in.pick(listing.amendments()).sha();
                chosen.add(sha.length() >= 4 && in.chance(0.6)
                        ? sha.substring(0, Math.min(sha.length(), 4 + in.random.nextInt(37))) : in.sha());
            }
            Object done = guard(round, "revert " + chosen, () -> amendments.revert(chosen, in.by()));
            decided += done == null ? 0 : 1;
        }
        return decided;
    }

    /** Runs one step: a ConsoleException is a refusal (its message checked), anything else fails the run. */
    private <T> T guard(int round, String what, Supplier<T> step) {
        try {
            return step.get();
        } catch (ConsoleException refused) {
            assertThat(refused.getMessage()).as("a refusal has a message" + seedNote).isNotBlank();
            clean(refused.getMessage(), round);
            return null;
        } catch (RuntimeException | Error escaped) {
            throw new AssertionError("round " + round + ", " + abbreviate(what) + ": " + escaped + seedNote, escaped);
        }
    }

    /**
     * A message shown to the user never carries a control character from the input. Only its first line is checked:
     * what follows it (a conflict's hunks) is file content, shown as the file has it.
     */
    private void clean(String full, int round) {
        String message = full.lines().findFirst().orElse("");
        for (int i = 0; i < message.length(); i++) {
            char c = message.charAt(i);
            if (c != '\n' && c != '\t' && PlainText.unsafe(c) && !Character.isSurrogate(c)) {
                fail("round " + round + ": a message carries U+" + String.format("%04X", (int) c) + ": "
                        + abbreviate(message) + seedNote);
            }
        }
    }

    private void checkInvariants(int round, Map<String, String> snapshot, Map<String, String> heads, Set<String> before)
            throws Exception {
        guard(round, "recover", () -> new ReviewService(Fixtures.loader().load(ws), Fixtures.CLOCK).recover());
        assertEquals(heads, protectedRefs(), "round " + round + ": HEAD, main, master, index or working tree moved"
                + seedNote);
        Map<String, String> now = protectedFiles();
        if (!now.equals(snapshot)) {
            Set<String> changed = new HashSet<>(now.keySet());
            changed.addAll(snapshot.keySet());
            changed.removeIf(k -> Objects.equals(now.get(k), snapshot.get(k)));
            fail("round " + round + ": files outside the allowed roots changed: " + changed + seedNote);
        }
        logAndGitAgree(round, before);
    }

    /** Every recorded approval / revert is a console commit on its branch; every console commit since the start is recorded. */
    private void logAndGitAgree(int round, Set<String> before) throws Exception {
        Map<String, String> commits = consoleCommits();
        Set<String> recorded = new HashSet<>();
        for (JsonNode e : new DecisionLog(ws.resolve("state/decisions.jsonl")).read().entries()) {
            String action = e.path("action").asText();
            if (!"approve".equals(action) && !"revert".equals(action)) {
                assertThat(e.has("commit")).as("round " + round + ": a " + action + " has no commit" + seedNote).isFalse();
                continue;
            }
            String sha = e.path("commit").asText();
            recorded.add(sha);
            String expected = "approve".equals(action) ? e.path("proposal").asText() : e.path("amendment").asText();
            assertThat(commits).as("round " + round + ": the logged " + action + " " + sha + " is a console commit on "
                    + e.path("branch").asText() + seedNote).containsKey(sha);
            assertThat(commits.get(sha)).as("round " + round + ": its Proposal-Id" + seedNote)
                    .isEqualTo(PlainText.oneLine(expected));
        }
        for (String sha : commits.keySet()) {
            if (!before.contains(sha)) {
                assertThat(recorded).as("round " + round + ": console commit " + sha + " is in the decision log" + seedNote)
                        .contains(sha);
            }
        }
    }

    /** Console commits (committer Brain Console) on every branch of both repositories, with their one Proposal-Id. */
    private Map<String, String> consoleCommits() throws IOException {
        Map<String, String> out = new TreeMap<>();
        for (Path repoDir : List.of(ws.resolve("repos/joelclaw"), ws.resolve("repos/behaviour"))) {
            try (Repository repo = Git.open(repoDir.toFile()).getRepository(); RevWalk walk = new RevWalk(repo)) {
                for (Ref ref : repo.getRefDatabase().getRefsByPrefix(Constants.R_HEADS)) {
                    walk.markStart(walk.parseCommit(ref.getObjectId()));
                }
                for (RevCommit c : walk) {
                    if ("brain-console@localhost".equals(c.getCommitterIdent().getEmailAddress())) {
                        List<String> ids = Trailers.values(c.getFullMessage(), "Proposal-Id");
                        out.put(c.getName(), ids.size() == 1 ? ids.get(0) : "(" + ids.size() + " Proposal-Id trailers)");
                    }
                }
            }
        }
        return out;
    }

    /** HEAD (and what it names), main and master of both repositories. */
    private Map<String, String> protectedRefs() throws IOException {
        Map<String, String> out = new TreeMap<>();
        for (Path repoDir : List.of(ws.resolve("repos/joelclaw"), ws.resolve("repos/behaviour"))) {
            try (Repository repo = Git.open(repoDir.toFile()).getRepository()) {
                for (String name : List.of(Constants.HEAD, "refs/heads/main", "refs/heads/master")) {
                    Ref ref = repo.exactRef(name);
                    ObjectId id = ref == null ? null : ref.getObjectId();
                    out.put(repoDir.getFileName() + ":" + name, (ref != null && ref.isSymbolic() ? ref.getTarget().getName()
                            + "@" : "") + (id == null ? "-" : id.name()));
                }
            }
        }
        return out;
    }

    /**
     * A digest of every file the console must not change: all of the temp folder (the workspace, its repositories'
     * working trees, the decoys outside) but the console's state, the proposal folders, the dream folder, and the
     * repositories' object databases, logs and non-default branches (HEAD, index, config, main and master are in).
     */
    private Map<String, String> protectedFiles() throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(tmp)) {
            for (Path p : walk.toList()) {
                String rel = tmp.relativize(p).toString().replace('\\', '/');
                if (allowed(rel) || Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                    continue;
                }
                if (Files.isSymbolicLink(p)) {
                    out.put(rel, "-> " + Files.readSymbolicLink(p));
                } else if (Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
                    out.put(rel, FileText.sha256(Files.readAllBytes(p)));
                } else {
                    out.put(rel, "special");
                }
            }
        }
        return out;
    }

    private static boolean allowed(String rel) {
        if (rel.startsWith("demo/state/") || rel.startsWith("demo/dream/") || rel.equals("demo/workspace.json")
                || rel.startsWith("demo/vault/system/brain/skill-proposals/")) {
            return true;
        }
        int git = rel.indexOf("/.git/");
        if (rel.startsWith("demo/repos/") && git > 0) {
            String inGit = rel.substring(git + 6);
            return !Set.of("HEAD", "index", "config", "packed-refs", "refs/heads/main", "refs/heads/master").contains(inGit);
        }
        return false;
    }

    private static String abbreviate(String text) {
        String line = text.replace("\n", "\\n");
        return line.length() > 300 ? line.substring(0, 300) + "…" : line;
    }
}
