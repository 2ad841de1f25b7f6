package architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaConstructorCall;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.lang.syntax.ArchRuleDefinition;
import com.tngtech.archunit.library.dependencies.SlicesRuleDefinition;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ThreadPoolExecutor;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import services.knowledge.KnowledgeIndex;
import services.tasks.Lanes;
import services.workspace.Workspace;

/** The house rules of docs/architecture.md ("What the layering tests enforce"), as tests so they cannot rot. */
class LayeringTest {

    private static JavaClasses product;

    @BeforeAll
    static void importProduct() {
        product = ProductClasses.get();
    }

    @Test
    void viewsDependOnViewModelsNotOnServicesOrApp() {
        ArchRule rule = noClasses().that().resideInAPackage("views..")
                .should().dependOnClassesThat().resideInAnyPackage("services..", "app..")
                .because("views bind and forward to view models; they never call services");
        rule.check(product);
    }

    @Test
    void viewModelsDependOnServicesNotOnViewsOrApp() {
        noClasses().that().resideInAPackage("viewmodels..")
                .should().dependOnClassesThat().resideInAnyPackage("views..", "app..").check(product);
    }

    @Test
    void servicesKnowNothingOfTheLayersAbove() {
        noClasses().that().resideInAPackage("services..")
                .should().dependOnClassesThat().resideInAnyPackage("views..", "viewmodels..", "app..").check(product);
    }

    @Test
    void servicesImportNoJavaFx() {
        noClasses().that().resideInAPackage("services..")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..").check(product);
    }

    @Test
    void viewModelsUseOnlyJavaFxBeansAndCollections() {
        classes().that().resideInAPackage("viewmodels..")
                .should().onlyDependOnClassesThat(
                        DescribedPredicate.not(
                                JavaClass.Predicates.resideInAPackage("javafx..")
                                        .and(DescribedPredicate.not(
                                                JavaClass.Predicates
                                                        .resideInAnyPackage("javafx.beans..", "javafx.collections..")))))
                .check(product);
    }

    @Test
    void noThreadsOrRunLaterOutsideApp() {
        noClasses().that().resideOutsideOfPackage("app..")
                .should().callConstructor(Thread.class)
                .orShould().callConstructor(Thread.class, Runnable.class)
                .orShould().callConstructor(Thread.class, Runnable.class, String.class)
                .orShould().callMethod("javafx.application.Platform", "runLater", "java.lang.Runnable")
                .check(product);
    }

    @Test
    void noGrabBagNames() {
        noClasses().should().haveSimpleNameEndingWith("Manager")
                .orShould().haveSimpleNameEndingWith("Util")
                .orShould().haveSimpleNameEndingWith("Utils")
                .orShould().haveSimpleNameEndingWith("Helper")
                .check(product);
    }

    @Test
    void theFacesOfTheAppStandOnTheCompositionWithoutCycles() {
        // app: the entry point · app.cli, app.window: the two faces · app.bench: benchmarks · app.warm: the warm
        // socket · app.compose: the composition root (AppContext, WorkspaceServices, the registries)
        SlicesRuleDefinition.slices().matching("app.(*)..")
                .should().beFreeOfCycles().check(product);
        noClasses().that().resideInAnyPackage("app.cli..", "app.bench..", "app.window..", "app.compose..", "app.warm..")
                .should().dependOnClassesThat().resideInAPackage("app")
                .because("only the entry point lives in app itself, and nothing calls back into it").check(product);
        noClasses().that().resideInAPackage("app.compose..")
                .should().dependOnClassesThat().resideInAnyPackage("app.cli..", "app.bench..", "app.window..",
                        "views..", "viewmodels..")
                .because("the composition wires services; the faces take it, never the other way").check(product);
        noClasses().that().resideInAPackage("app.window..")
                .should().dependOnClassesThat().resideInAnyPackage("app.cli..", "app.bench..")
                .because("the window gets the CLI's warm answers handed in; it does not know the commands")
                .check(product);
    }

    @Test
    void onlyTheCompositionWiresAWorkspace() {
        // The adapters of the ports and the graph of a workspace (index, sync, watchdog, scheduler, review, failed
        // targets) are built in one place: app.compose (WorkspaceServices and its registries). Services build their
        // own parts; benchmarks that time one adapter build that adapter on purpose.
        Set<String> wired = Set.of("services.sync.VaultSync", "services.scheduler.Scheduler",
                "services.review.ReviewService", "services.failed.FailedTargetsService",
                "services.amendments.AmendmentsService", "services.policy.PolicyService");
        DescribedPredicate<JavaConstructorCall> wiring =
                DescribedPredicate.describe("a knowledge index adapter or a workspace use case",
                        call -> {
                            JavaClass owner = call.getTargetOwner();
                            return owner.isAssignableTo(KnowledgeIndex.class)
                                    || wired.contains(owner.getName());
                        });
        noClasses().that().resideOutsideOfPackages("app.compose..", "app.bench..", "services..")
                .should().callConstructorWhere(wiring)
                .orShould().callMethodWhere(DescribedPredicate.describe("Watchdogs.create",
                        call -> call.getTargetOwner().getName().equals("services.watchdog.Watchdogs")))
                .because("a second wiring of the index, the sync or the watchdog drifts from the first").check(product);
    }

    /** Adapters: classes named for a technology, built only where the composition is made (issue 38). */
    private static final String ADAPTER = "(Lucene|JGit|Typesense|Redis|ClickHouse|MiniLm)\\w*";

    /**
     * An adapter (a services class named Lucene*, JGit*, Typesense*, Redis*, ClickHouse*, MiniLm*) is built — by
     * {@code new}, a constructor reference or a static factory returning it — only by the composition (app.compose),
     * the benchmarks that time one adapter, and its own package. Everything else takes it, or a factory of it, as a
     * port. The exceptions are listed, each with its reason.
     */
    @Test
    void adaptersAreBuiltOnlyByTheComposition() {
        Map<String, String> exceptions = Map.of(
                "services.review.ReviewService -> services.amendments.JGitAmendmentHistory",
                "ReviewService(ws, clock[, telemetry]), the tests' shorthand, defaults to the JGit adapters; the "
                        + "composition passes its own");
        classes().that().resideInAnyPackage("app..", "views..", "viewmodels..", "services..")
                .should(CompositionConditions.buildAdaptersOnlyInTheComposition(ADAPTER, exceptions))
                .check(product);
    }

    /**
     * Worker threads are made once per process by the composition (app.compose.Pools) and handed on: no static
     * field holds an executor, and no static field holds lanes but {@code Lanes.ONE_BY_ONE} (the caller's thread).
     */
    @Test
    void noStaticPools() {
        ArchRuleDefinition.noFields()
                .should(CompositionConditions.beAStaticPool())
                .because("pools are injected: AppContext.pools() owns them, a benchmark run makes its own")
                .check(product);
    }

    /**
     * The faces (the command line, the window, the warm socket) build no services of their own: from services they
     * construct only records, exceptions and task runners; everything else comes from WorkspaceServices/AppContext.
     */
    @Test
    void theFacesTakeTheirServicesFromTheComposition() {
        noClasses().that().resideInAnyPackage("app.cli..", "app.window..", "app.warm..")
                .should().callConstructorWhere(DescribedPredicate.describe(
                        "a services class that is not a record, an exception or in services.tasks", call -> {
                            JavaClass owner = call.getTargetOwner();
                            return owner.getPackageName().startsWith("services.") && !owner.isRecord()
                                    && !owner.isAssignableTo(Throwable.class)
                                    && !owner.getPackageName().equals("services.tasks");
                        }))
                .because("a workspace's graph is wired once, in app.compose").check(product);
    }

    /** A rebuild of the index is orchestrated in one place (AppContext.moveIndexAsideForRebuild). */
    @Test
    void oneRebuild() {
        noClasses().that().resideOutsideOfPackages("app.compose..", "services.sync..")
                .should().callMethodWhere(DescribedPredicate.describe("IndexRebuild.moveAside",
                        call -> call.getTargetOwner().getName().equals("services.sync.IndexRebuild")))
                .because("the window and sync --rebuild share one orchestration").check(product);
    }

    @Test
    void workspaceJsonIsReadThroughTypedSettingsOutsideItsPackage() {
        noClasses().that().resideOutsideOfPackage("services.workspace..")
                .should().accessTargetWhere(DescribedPredicate.describe("Workspace.raw()",
                        access -> access.getTargetOwner().isEquivalentTo(Workspace.class)
                                && access.getName().equals("raw")))
                .because("workspace.json is parsed once into WorkspaceSettings: read workspace.settings(); only "
                        + "services.workspace reads the raw JSON")
                .check(product);
    }

    /**
     * Adapter libraries stay in their adapters: a class uses Lucene, JGit, Jedis, the Typesense client or the ONNX
     * runtime (and DJL's tokenizer) only when its name starts with the technology's ({@code LuceneKnowledgeIndex},
     * {@code JGitReviewBranch}, {@code RedisFailedTargets}, {@code TypesenseKnowledgeIndex}, {@code MiniLmSession}).
     * A nested or anonymous class counts by its top-level class. The exceptions are listed, each with its reason.
     */
    @Test
    void adapterLibrariesOnlyInClassesNamedForThem() {
        onlyInClassesNamed("org.apache.lucene..", "Lucene", Map.of());
        onlyInClassesNamed("org.eclipse.jgit..", "JGit", Map.of(
                "app.bench.ReviewBenchmark", "builds the throwaway repositories the review benchmark approves into"));
        onlyInClassesNamed("redis.clients..", "Redis", Map.of(
                "app.cli.DemoCommand", "holds and closes the Redis client `demo --redis` seeds the loop state into"));
        onlyInClassesNamed("org.typesense..", "Typesense", Map.of());
        onlyInClassesNamed("ai.onnxruntime..", "MiniLm", Map.of());
        onlyInClassesNamed("ai.djl..", "MiniLm", Map.of());
    }

    private static void onlyInClassesNamed(String library, String prefix, Map<String, String> exceptions) {
        DescribedPredicate<JavaClass> others =
                DescribedPredicate.describe("are not named " + prefix + "* " + exceptions.keySet(),
                        c -> {
                            String topLevel = c.getName().split("\\$")[0];
                            return !topLevel.substring(topLevel.lastIndexOf('.') + 1).startsWith(prefix)
                                    && !exceptions.containsKey(topLevel);
                        });
        noClasses().that(others)
                .should().dependOnClassesThat().resideInAPackage(library)
                .because(library + " belongs to the " + prefix + "* adapter classes; the others reach it through them")
                .check(product);
    }

    /**
     * Services, view models and views run work in parallel only on lanes or executors the composition root gives them
     * (app/): no parallel streams, no thread pools of their own, not even the common pool.
     */
    @Test
    void noParallelStreamsOrThreadPoolsOutsideApp() {
        DescribedPredicate<JavaMethodCall> parallel =
                DescribedPredicate.describe("Collection.parallelStream() or BaseStream.parallel()",
                        call -> call.getTarget().getName().equals("parallelStream")
                                || call.getTarget().getName().equals("parallel")
                                && call.getTarget().getOwner().getPackageName().equals("java.util.stream"));
        DescribedPredicate<JavaMethodCall> pools =
                DescribedPredicate.describe("Executors.* or ForkJoinPool.commonPool()",
                        call -> call.getTarget().getOwner().getName().equals("java.util.concurrent.Executors")
                                || call.getTarget().getName().equals("commonPool")
                                && call.getTarget().getOwner().getName().equals("java.util.concurrent.ForkJoinPool"));
        DescribedPredicate<JavaConstructorCall> newPool =
                DescribedPredicate.describe("new ThreadPoolExecutor/ForkJoinPool", call -> {
                    JavaClass owner = call.getTarget().getOwner();
                    return owner.getName().equals("java.util.concurrent.ThreadPoolExecutor")
                            || owner.getName().equals("java.util.concurrent.ScheduledThreadPoolExecutor")
                            || owner.getName().equals("java.util.concurrent.ForkJoinPool")
                            || owner.isAssignableTo(ThreadPoolExecutor.class)
                            || owner.isAssignableTo(ForkJoinPool.class);
                });
        noClasses().that().resideOutsideOfPackage("app..")
                .should().callMethodWhere(parallel)
                .orShould().callMethodWhere(pools)
                .orShould().callConstructorWhere(newPool)
                .because("work runs side by side only on the lanes app/ gives (services.tasks.Lanes, an Executor)")
                .check(product);
    }

    /** Shared ground: packages any feature may import (issue #21). Everything else under services is a feature. */
    private static final Set<String> SHARED_GROUND = Set.of("errors", "knowledge", "workspace",
            "tasks", "telemetry", "text", "vault", "audit", "redis", "scheduler");

    /**
     * The edges from one feature to a class of another that remain, each a named port with its reason. A new edge
     * fails {@link #featuresImportOtherFeaturesOnlyThroughNamedPorts()}: move a shared record to shared ground
     * rather than add it here.
     */
    private static final Map<String, String> FEATURE_PORTS = Map.ofEntries(
            Map.entry("brief -> failed.FailedTargetsService", "the brief counts failed targets through their use case"),
            Map.entry("demo -> amendments.AmendmentHistory", "the demo reverts a seeded amendment through the history port"),
            Map.entry("demo -> reach.LessonLog", "the demo seeds lesson states with the real log"),
            Map.entry("demo -> review.ChangePlanner", "the demo plans its seeded proposals like a review does"),
            Map.entry("demo -> review.ReviewBranch", "the commits the demo's seeding returns"),
            Map.entry("policy -> amendments.AmendmentHistory", "the dial reverts what it applied as amendments"),
            Map.entry("policy -> embedding.HybridKnowledgeIndex", "the recall effect searches by meaning like recall"),
            Map.entry("policy -> embedding.Embeddings", "the recall effect searches by meaning like recall"),
            Map.entry("policy -> reach.Loop", "the dial's evidence is the loops of the reach"),
            Map.entry("policy -> reach.LoopHistory", "the dial's evidence is the loops of the reach"),
            Map.entry("policy -> reach.LoopPrds", "the dial's evidence is the loops of the reach"),
            Map.entry("policy -> reach.LoopStories", "the dial's evidence is the loops of the reach"),
            Map.entry("policy -> recall.ImplementorRecall", "the recall effect replays stories through recall"),
            Map.entry("policy -> recall.RecallBudget", "the recall effect replays stories through recall"),
            Map.entry("policy -> recall.RecallPreview", "the recall effect replays stories through recall"),
            Map.entry("policy -> recall.RecallService", "the recall effect replays stories through recall"),
            Map.entry("policy -> review.HeldProposals", "a change a failed check took back is put up again for a person"),
            Map.entry("policy -> review.PlannedChange", "the dial judges the change a proposal plans"),
            Map.entry("policy -> review.Proposal", "the dial judges proposals"),
            Map.entry("policy -> review.ReviewService", "the dial approves through the review use case"),
            Map.entry("policy -> review.Seen", "the dial approves only the snapshot it judged"),
            Map.entry("policy -> sync.SyncedDocuments", "the recall effect applies a change as the sync would"),
            Map.entry("reach -> embedding.EmbeddingCache", "similar lessons compare by the index's embeddings"),
            Map.entry("reach -> embedding.EmbeddingModel", "similar lessons compare by the index's embeddings"),
            Map.entry("reach -> embedding.EmbeddingText", "similar lessons compare by the index's embeddings"),
            Map.entry("reach -> embedding.Embeddings", "similar lessons compare by the index's embeddings"),
            Map.entry("reach -> recall.ImplementorRecall", "the reach replays stories through the implementor's recall"),
            Map.entry("reach -> review.Proposal", "lessons become proposals for review"),
            Map.entry("reach -> review.PlannedChange", "similar lessons compare a proposal's planned text"),
            Map.entry("reach -> review.ReviewService", "lessons are proposed through the review use case"),
            Map.entry("review -> amendments.AmendmentHistory", "an approval is recorded as an amendment"),
            Map.entry("review -> amendments.JGitAmendmentHistory", "an approval is recorded as an amendment"),
            Map.entry("sync -> notes.TurnNoteLog", "a rebuild restores turn notes from their durable log"),
            Map.entry("watchdog -> failed.FailedTargetsService", "the TTL check prunes through the failed-targets use case"),
            Map.entry("watchdog -> sync.VaultSync", "self-heal refills a recreated collection through the sync"),
            Map.entry("watchdog -> sync.SyncOptions", "self-heal refills a recreated collection through the sync"),
            Map.entry("watchdog -> sync.SyncResult", "self-heal refills a recreated collection through the sync"),
            Map.entry("inbox -> failed.FailedTargetsService", "the inbox lists failed targets and unfinished clears through their use case"),
            Map.entry("inbox -> policy.Policy", "the inbox tells a protected file from the dial's answer"),
            Map.entry("inbox -> policy.PolicyService", "the inbox lists supervised approvals to confirm through the dial"),
            Map.entry("inbox -> policy.SupervisedApprovals", "the inbox lists supervised approvals to confirm through the dial"),
            Map.entry("inbox -> review.Proposal", "the inbox lists pending proposals"),
            Map.entry("inbox -> review.ReviewService", "the inbox reads the proposals through the review use case"),
            Map.entry("inbox -> review.Tampering", "the inbox says what an agent changed in a decided proposal"),
            Map.entry("inbox -> review.remote.SharedBranch", "the inbox lists decisions not pushed to the shared branch"),
            Map.entry("inbox -> watchdog.Finding", "the inbox lists the watchdog's last findings that are not OK"),
            Map.entry("inbox -> watchdog.Severity", "the inbox lists the watchdog's last findings that are not OK"),
            Map.entry("inbox -> watchdog.WatchdogLog", "the inbox reads the watchdog's last run from its log"));

    @Test
    void servicePackagesAreFreeOfCycles() {
        SlicesRuleDefinition.slices().matching("services.(*)..")
                .should().beFreeOfCycles().check(product);
    }

    @Test
    void featuresImportOtherFeaturesOnlyThroughNamedPorts() {
        classes().that().resideInAPackage("services..")
                .should(new ArchCondition<JavaClass>(
                        "import other features only through the named ports of FEATURE_PORTS") {
                    @Override
                    public void check(JavaClass item,
                                      ConditionEvents events) {
                        String from = feature(item.getPackageName());
                        if (from == null || SHARED_GROUND.contains(from)) {
                            return;
                        }
                        Set<String> reported = new HashSet<>();
                        for (Dependency d : item.getDirectDependenciesFromSelf()) {
                            JavaClass target = d.getTargetClass().getBaseComponentType();
                            String to = feature(target.getPackageName());
                            if (to == null || to.equals(from) || SHARED_GROUND.contains(to)) {
                                continue;
                            }
                            String top = target.getName().substring("services.".length()).replaceFirst("\\$.*", "");
                            String edge = from + " -> " + top;
                            if (!FEATURE_PORTS.containsKey(edge) && reported.add(edge)) {
                                events.add(SimpleConditionEvent.violated(item, edge
                                        + " is not a named port (" + d.getDescription() + ")"));
                            }
                        }
                    }
                })
                .check(product);
    }

    /** The feature of a package under services ({@code services.reach.x} → {@code reach}), else null. */
    private static String feature(String pkg) {
        if (!pkg.startsWith("services.")) {
            return null;
        }
        String rest = pkg.substring("services.".length());
        int dot = rest.indexOf('.');
        return dot < 0 ? rest : rest.substring(0, dot);
    }

    @Test
    void thePartsBehindTheReviewSyncAndFailedTargetsFacadesStayInTheirPackages() {
        classes().that().haveNameMatching("services\\.(review\\.(ProposalCatalog|ProposalItems|Approval|Decisions"
                        + "|DecisionInputs|Repositories|InterruptedApprovals)|sync\\.(VaultDocuments|PreparedFile"
                        + "|IncrementalSync|DriftCheck|OperatorRemovals|Produced)|failed\\.(TargetListing|TargetClearing"
                        + "|TargetPruning|FailedTargetsLog))(\\$.*)?")
                .should().notBePublic()
                .because("ReviewService, VaultSync and FailedTargetsService are the use cases callers go through")
                .check(product);
    }
}
