package architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

/**
 * The product's classes (app, views, viewmodels, services; no tests), imported once per test JVM: an import reads
 * every class file and the library classes they reach, seconds of CPU, and LayeringTest and IndexBackendsTest check
 * their rules on the same classes. {@link JavaClasses} is immutable, so the tests share it.
 */
final class ProductClasses {

    private static JavaClasses imported;

    private ProductClasses() {
    }

    static synchronized JavaClasses get() {
        if (imported == null) {
            imported = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                    .importPackages("app", "views", "viewmodels", "services");
        }
        return imported;
    }
}
