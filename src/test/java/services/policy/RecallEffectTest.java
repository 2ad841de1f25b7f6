package services.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.knowledge.KnowledgeIndex;
import services.knowledge.KnowledgeIndexException;
import services.knowledge.KnowledgeQuery;
import services.knowledge.LuceneKnowledgeIndex;
import services.knowledge.SearchResult;
import services.reach.Loop;
import services.reach.LoopHistory;
import services.reach.LoopPrds;
import services.recall.ImplementorRecall;
import services.recall.RecallBudget;
import services.recall.RecallService;
import services.review.PlannedChange;
import services.review.ProposalWriter;
import services.review.ReviewService;
import services.sync.SyncOptions;
import services.sync.SyncedDocuments;
import services.sync.VaultSync;
import services.tasks.ProgressSink;
import services.workspace.Workspace;
import testsupport.Fixtures;

/**
 * The effect on recall of a skill change, computed on a read-only overlay: it ranks exactly as the index does after
 * really syncing the change (into a copy of the index), and the index itself is never written.
 */
class RecallEffectTest {

    static final String NEW_SKILL = "---\nname: dev-servers\ndescription: Kill dev servers and watchers after each "
            + "story; a stalled story often holds a port.\n---\n\n# Dev servers\n\nKill every dev server and file "
            + "watcher a story started before the next story. Idempotency keys for email steps are out of scope.\n";

    @TempDir
    Path tmp;

    private Workspace ws;
    private ReviewService review;

    @BeforeEach
    void setUp() throws Exception {
        ws = Fixtures.demo(tmp);
        try (KnowledgeIndex index = open(ws.indexDir())) {
            new VaultSync(ws, index, Fixtures.CLOCK).run(SyncOptions.all(), ProgressSink.NONE);
        }
        review = new ReviewService(ws, Fixtures.CLOCK);
        ProposalWriter.write(ws.dreamDir().resolve("proposals"), "dream-dev-servers.md", "dream-dev-servers",
                "PROPOSE_SKILL", "skills", "skills/dev-servers/SKILL.md", "none", List.of("session:s1"), NEW_SKILL);
    }

    private KnowledgeIndex open(Path dir) {
        return new LuceneKnowledgeIndex(dir, ws.index().embeddingDimensions());
    }

    private RecallEffect effect() {
        return new RecallEffect(ws, () -> open(ws.indexDir()), () -> LoopPrds.NONE, Fixtures.CLOCK);
    }

    /**
     * A conflicting proposal cannot be approved — approving writes nothing — so it changes no story's recall; it
     * said "2 of 33 stories would get different recall" (the same text synced again, at another time).
     */
    @Test
    void aConflictChangesNoStorysRecallAndSaysWhy() {
        PlannedChange change = review.find("sp-2026-11-14-gateway-ops-04").change();
        assertThat(change.conflicted()).isTrue();
        RecallEffect.Effect e = effect().of(change, 30);
        assertThat(e.changes()).isEmpty();
        assertThat(e.documents()).isEmpty();
        assertThat(e.note()).contains("conflicts with").contains("approving it writes nothing");
    }

    @Test
    void aNewSkillComesInForTheStoriesItMatchesUnderLeanAndNeverForTheImplementor() throws Exception {
        Map<String, String> files = files(ws.indexDir());
        PlannedChange change = review.find("dream-dev-servers").change();
        RecallEffect.Effect e = effect().of(change, 30);
        assertThat(e.documents()).containsExactly("skill:dev-servers");
        assertThat(e.stories()).isGreaterThan(20);
        assertThat(e.changes()).isNotEmpty().allSatisfy(c -> {
            assertEquals("lean", c.budget()); // the implementor asks for lessons, patterns, failed targets, retros only
            assertThat(c.in()).contains("skill:dev-servers");
        });
        assertThat(e.changes()).anySatisfy(c -> assertThat(c.title()).contains("dev servers"));
        assertThat(e.changes()).anySatisfy(c -> assertThat(c.out()).isNotEmpty()); // pushed out of the lean five
        assertThat(e.summary()).startsWith("skill:dev-servers: ").contains("of " + e.stories() + " stories of the last 30 days",
                "implementor 0", "lean " + e.changed("lean"));
        assertEquals(files, files(ws.indexDir()), "the index folder is untouched");
        try (KnowledgeIndex index = open(ws.indexDir())) {
            assertThat(index.get("skill:dev-servers")).isEmpty();
        }
    }

    @Test
    void theOverlayRanksExactlyAsTheIndexAfterReallySyncingANewSkill() throws Exception {
        PlannedChange change = review.find("dream-dev-servers").change();
        assertSameRankingAsARealSync(change);
    }

    @Test
    void theOverlayRanksExactlyAsTheIndexAfterReallySyncingAChangedSkill() throws Exception {
        PlannedChange change = review.find("sp-2026-11-18-loop-nanny-01").change();
        SyncedDocuments.Change docs = SyncedDocuments.of(ws, change.repo(), change.path(), change.after(), 0);
        assertThat(docs.ids()).containsExactly("skill:loop-nanny");
        assertSameRankingAsARealSync(change);
    }

    @Test
    void aTargetTheSyncDoesNotIndexHasNoEffectAndSaysWhy() {
        PlannedChange rule = review.find("dream-2026-11-20-03").change();
        RecallEffect.Effect e = effect().of(rule, 14);
        assertThat(e.documents()).isEmpty();
        assertThat(e.summary()).startsWith("no effect on recall: a sync does not index rules/exact-ids.md of the "
                + "behaviour repository");
        PlannedChange broken = new PlannedChange("skills", "skills/dev-servers/SKILL.md", "", "no frontmatter\n", true,
                false, List.of(), null);
        assertThat(effect().of(broken, 14).summary()).contains("a sync would refuse skills/dev-servers/SKILL.md",
                "would stay as indexed");
        assertThat(Assertions.assertThrows(PolicyException.class, () -> effect().of(rule, 0))
                .getMessage()).contains("--recall-days");
    }

    /** The overlay's searches against those of a copy of the index into which the change was really synced. */
    private void assertSameRankingAsARealSync(PlannedChange change) throws Exception {
        Path copy = tmp.resolve("copy").resolve("index");
        copyTree(ws.indexDir(), copy);
        SyncedDocuments.Change docs = SyncedDocuments.of(ws, change.repo(), change.path(), change.after(),
                Fixtures.CLOCK.instant().getEpochSecond());
        List<ImplementorRecall.Story> stories = new ArrayList<>();
        for (Loop loop : new LoopHistory(ws.retrosDir(), LoopPrds.NONE).load(Instant.EPOCH,
                Fixtures.CLOCK.instant()).loops()) {
            loop.stories().forEach(s -> stories.add(new ImplementorRecall.Story(s.title(), "", loop.project())));
        }
        stories.add(new ImplementorRecall.Story("stalled story dev server port", "", null));
        Map<String, String> files = files(ws.indexDir());
        List<String> overlaid;
        try (KnowledgeIndex index = open(ws.indexDir());
             KnowledgeIndex overlay = index.overlay(docs.upserts(), docs.deleted()).orElseThrow()) {
            long count = index.status().documents();
            Object stamp = index.changeStamp();
            overlaid = searches(overlay, stories);
            assertEquals(count, index.status().documents());
            assertEquals(stamp, index.changeStamp(), "no new commit of the index");
            assertThat(Assertions.assertThrows(KnowledgeIndexException.class,
                    () -> overlay.upsert(docs.upserts())).getMessage()).contains("read-only");
        }
        assertEquals(files, files(ws.indexDir()), "the index folder is untouched");

        Path skill = ws.skillsRepo().resolve(change.path());
        Files.createDirectories(skill.getParent());
        Files.writeString(skill, change.after());
        List<String> real;
        try (KnowledgeIndex synced = open(copy)) {
            var result = new VaultSync(ws, synced, Fixtures.CLOCK).run(new SyncOptions(false, SyncOptions.Scope.SKILLS),
                    ProgressSink.NONE);
            assertEquals(1, result.indexed(), "the sync wrote the one changed skill");
            real = searches(synced, stories);
        }
        assertThat(overlaid).hasSize(real.size());
        for (int i = 0; i < real.size(); i++) {
            assertEquals(real.get(i), overlaid.get(i), "search " + i);
        }
        assertThat(String.join("\n", real)).contains(docs.upserts().get(0).id());
    }

    /** Every search the effect runs, and a deep keyword search per story, as "id score" lines. */
    private static List<String> searches(KnowledgeIndex index, List<ImplementorRecall.Story> stories) {
        List<String> out = new ArrayList<>();
        for (ImplementorRecall.Injection in : new ImplementorRecall(index).injectAll(stories)) {
            out.add("implementor " + in.query() + ": " + in.docs().stream().map(d -> d.id()).toList());
        }
        RecallService recall = new RecallService(index);
        for (ImplementorRecall.Story s : stories) {
            out.add("lean " + s.title() + ": " + hits(recall.preview(s.title(), RecallBudget.LEAN).injected()));
            SearchResult deep = index.search(KnowledgeQuery.text(s.title(), 30).matchingAny());
            out.add("any " + s.title() + " (" + deep.total() + "): " + hits(deep.hits()));
        }
        return out;
    }

    private static String hits(List<SearchResult.Hit> hits) {
        StringBuilder t = new StringBuilder();
        hits.forEach(h -> t.append(h.doc().id()).append(' ').append(h.score()).append("; "));
        return t.toString();
    }

    static Map<String, String> files(Path dir) throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> all = Files.list(dir)) {
            for (Path f : all.toList()) {
                out.put(f.getFileName().toString(), Files.size(f) + "@" + Files.getLastModifiedTime(f).toMillis());
            }
        }
        return out;
    }

    static void copyTree(Path from, Path to) throws IOException {
        Files.createDirectories(to);
        try (Stream<Path> all = Files.list(from)) {
            for (Path f : all.toList()) {
                if (!f.getFileName().toString().equals("write.lock")) {
                    Files.copy(f, to.resolve(f.getFileName()));
                }
            }
        }
    }
}
