package architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import services.knowledge.IndexBackend;
import services.knowledge.KnowledgeIndex;

/**
 * The index backends are known in one place (docs/architecture.md, "Add an index backend"): each is a class of
 * services.knowledge implementing {@link IndexBackend}, registered in app.compose.IndexBackends. Nothing else names
 * a concrete backend — not its class, not its adapter — so the loader, the Settings screen and every command take
 * the backends, their settings and their form fields from the registry.
 */
class IndexBackendsTest {

    private static JavaClasses product;

    @BeforeAll
    static void importProduct() {
        product = ProductClasses.get();
    }

    /** A concrete backend: an {@link IndexBackend} class, or the adapter one opens (Lucene*, Typesense* indexes). */
    private static final DescribedPredicate<JavaClass> CONCRETE_BACKEND = DescribedPredicate.describe(
            "a concrete index backend or its adapter", c -> !c.isInterface() && c.getPackageName().equals(
                    "services.knowledge") && (c.isAssignableTo(IndexBackend.class) || c.isAssignableTo(KnowledgeIndex.class)
                    && c.getSimpleName().matches("(Lucene|Typesense)\\w*")));

    @Test
    void nothingOutsideTheBackendsPackageAndTheCompositionNamesAConcreteBackend() {
        noClasses().that().resideOutsideOfPackages("services.knowledge..", "app.compose..", "app.bench..")
                .should().dependOnClassesThat(CONCRETE_BACKEND)
                .because("a backend is one class plus one line in the registry (benchmarks time one adapter on "
                        + "purpose)")
                .check(product);
    }

    @Test
    void theBenchmarksOpenNoBackendButTheEmbeddedAdapterTheyTime() {
        noClasses().that().resideInAPackage("app.bench..")
                .should().dependOnClassesThat(DescribedPredicate.describe("an IndexBackend class",
                        c -> !c.isInterface() && c.isAssignableTo(IndexBackend.class)))
                .because("a benchmark's workspace is loaded through the registry (IndexBackends.shippedLoader)")
                .check(product);
    }

    @Test
    void theWorkspaceLoaderAndTheSettingsFormKnowBackendsOnlyThroughTheirPort() {
        noClasses().that().resideInAnyPackage("services.workspace..", "viewmodels..", "views..", "services.sync..",
                        "services.connections..")
                .should().dependOnClassesThat(DescribedPredicate.describe("a class implementing an index backend",
                        c -> !c.isInterface() && c.isAssignableTo(IndexBackend.class)))
                .because("each backend brings its own settings check and form fields (IndexBackendKeys)")
                .check(product);
    }
}
