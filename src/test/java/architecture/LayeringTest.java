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
