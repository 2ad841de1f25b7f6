package architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The house rules of DEVELOPERS.md, as tests so they cannot rot. */
class LayeringTest {

    private static JavaClasses product;

    @BeforeAll
    static void importProduct() {
        product = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("app", "views", "viewmodels", "services");
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
                        com.tngtech.archunit.base.DescribedPredicate.not(
                                com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage("javafx..")
                                        .and(com.tngtech.archunit.base.DescribedPredicate.not(
                                                com.tngtech.archunit.core.domain.JavaClass.Predicates
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
        com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices().matching("app.(*)..")
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
        java.util.Set<String> wired = java.util.Set.of("services.sync.VaultSync", "services.scheduler.Scheduler",
                "services.review.ReviewService", "services.failed.FailedTargetsService",
                "services.amendments.AmendmentsService", "services.policy.PolicyService");
        com.tngtech.archunit.base.DescribedPredicate<com.tngtech.archunit.core.domain.JavaConstructorCall> wiring =
                com.tngtech.archunit.base.DescribedPredicate.describe("a knowledge index adapter or a workspace use case",
                        call -> {
                            com.tngtech.archunit.core.domain.JavaClass owner = call.getTargetOwner();
                            return owner.isAssignableTo(services.knowledge.KnowledgeIndex.class)
                                    || wired.contains(owner.getName());
                        });
        noClasses().that().resideOutsideOfPackages("app.compose..", "app.bench..", "services..")
                .should().callConstructorWhere(wiring)
                .orShould().callMethodWhere(com.tngtech.archunit.base.DescribedPredicate.describe("Watchdogs.create",
                        call -> call.getTargetOwner().getName().equals("services.watchdog.Watchdogs")))
                .because("a second wiring of the index, the sync or the watchdog drifts from the first").check(product);
    }

    @Test
    void workspaceJsonIsReadThroughTypedSettingsOutsideItsPackage() {
        noClasses().that().resideOutsideOfPackage("services.workspace..")
                .should().accessTargetWhere(com.tngtech.archunit.base.DescribedPredicate.describe("Workspace.raw()",
                        access -> access.getTargetOwner().isEquivalentTo(services.workspace.Workspace.class)
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
        onlyInClassesNamed("org.apache.lucene..", "Lucene", java.util.Map.of());
        onlyInClassesNamed("org.eclipse.jgit..", "JGit", java.util.Map.of(
                "app.bench.ReviewBenchmark", "builds the throwaway repositories the review benchmark approves into"));
        onlyInClassesNamed("redis.clients..", "Redis", java.util.Map.of(
                "app.cli.DemoCommand", "holds and closes the Redis client `demo --redis` seeds the loop state into"));
        onlyInClassesNamed("org.typesense..", "Typesense", java.util.Map.of());
        onlyInClassesNamed("ai.onnxruntime..", "MiniLm", java.util.Map.of());
        onlyInClassesNamed("ai.djl..", "MiniLm", java.util.Map.of());
    }

    private static void onlyInClassesNamed(String library, String prefix, java.util.Map<String, String> exceptions) {
        com.tngtech.archunit.base.DescribedPredicate<com.tngtech.archunit.core.domain.JavaClass> others =
                com.tngtech.archunit.base.DescribedPredicate.describe("are not named " + prefix + "* " + exceptions.keySet(),
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
        com.tngtech.archunit.base.DescribedPredicate<com.tngtech.archunit.core.domain.JavaMethodCall> parallel =
                com.tngtech.archunit.base.DescribedPredicate.describe("Collection.parallelStream() or BaseStream.parallel()",
                        call -> call.getTarget().getName().equals("parallelStream")
                                || call.getTarget().getName().equals("parallel")
                                && call.getTarget().getOwner().getPackageName().equals("java.util.stream"));
        com.tngtech.archunit.base.DescribedPredicate<com.tngtech.archunit.core.domain.JavaMethodCall> pools =
                com.tngtech.archunit.base.DescribedPredicate.describe("Executors.* or ForkJoinPool.commonPool()",
                        call -> call.getTarget().getOwner().getName().equals("java.util.concurrent.Executors")
                                || call.getTarget().getName().equals("commonPool")
                                && call.getTarget().getOwner().getName().equals("java.util.concurrent.ForkJoinPool"));
        com.tngtech.archunit.base.DescribedPredicate<com.tngtech.archunit.core.domain.JavaConstructorCall> newPool =
                com.tngtech.archunit.base.DescribedPredicate.describe("new ThreadPoolExecutor/ForkJoinPool", call -> {
                    com.tngtech.archunit.core.domain.JavaClass owner = call.getTarget().getOwner();
                    return owner.getName().equals("java.util.concurrent.ThreadPoolExecutor")
                            || owner.getName().equals("java.util.concurrent.ScheduledThreadPoolExecutor")
                            || owner.getName().equals("java.util.concurrent.ForkJoinPool")
                            || owner.isAssignableTo(java.util.concurrent.ThreadPoolExecutor.class)
                            || owner.isAssignableTo(java.util.concurrent.ForkJoinPool.class);
                });
        noClasses().that().resideOutsideOfPackage("app..")
                .should().callMethodWhere(parallel)
                .orShould().callMethodWhere(pools)
                .orShould().callConstructorWhere(newPool)
                .because("work runs side by side only on the lanes app/ gives (services.tasks.Lanes, an Executor)")
                .check(product);
    }
}
