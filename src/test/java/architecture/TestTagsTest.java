package architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Tags;
import org.junit.jupiter.api.Test;

/**
 * The fast run ({@code mvn -Pfast verify}) leaves out the tags ui, server and model; a test that drives the window,
 * starts a server or runs the embedding model over many texts carries its tag, or the fast run would pay for it
 * (docs/architecture.md, "Test tags and the fast run"). A test class counts with its nested and anonymous classes.
 */
class TestTagsTest {

    /** The tag, and the classes whose use calls for it. */
    private static final Map<String, List<String>> NEEDS = Map.of(
            "ui", List.of("org.testfx.framework.junit5.ApplicationExtension"),
            "server", List.of("testsupport.RedisServer", "testsupport.ClickHouseServer", "testsupport.SshServer"),
            "model", List.of("services.embedding.MiniLmEmbeddingModel", "services.embedding.CountingModel"));

    private static JavaClasses tests;

    @BeforeAll
    static void importTests() {
        tests = new ClassFileImporter().withImportOption(ImportOption.Predefined.ONLY_INCLUDE_TESTS)
                .importPackages("app", "views", "viewmodels", "services", "reliability", "architecture");
    }

    @Test
    void aTestThatDrivesTheWindowStartsAServerOrRunsTheModelCarriesItsTag() {
        List<String> untagged = new ArrayList<>();
        for (JavaClass c : tests) {
            if (!c.getSimpleName().endsWith("Test") || c.isNestedClass() || c.getModifiers().contains(JavaModifier.ABSTRACT)) {
                continue;
            }
            Set<String> used = used(c);
            Set<String> tags = tags(c);
            NEEDS.forEach((tag, classes) -> {
                // a UI test may run the model through the window without a tag of its own: ui is left out already
                boolean covered = tags.contains(tag) || ("model".equals(tag) && tags.contains("ui"));
                classes.stream().filter(used::contains).findFirst().filter(x -> !covered)
                        .ifPresent(x -> untagged.add(c.getName() + " uses " + x + " without @Tag(\"" + tag + "\")"));
            });
        }
        assertThat(untagged).isEmpty();
    }

    private static Set<String> used(JavaClass top) {
        Set<String> used = new TreeSet<>();
        for (JavaClass c : tests) {
            if (c.equals(top) || c.getName().startsWith(top.getName() + "$")) {
                for (Dependency d : c.getDirectDependenciesFromSelf()) {
                    used.add(d.getTargetClass().getName());
                }
            }
        }
        return used;
    }

    /** Its tags and its superclasses' (JUnit's tags are inherited). */
    private static Set<String> tags(JavaClass c) {
        Set<String> tags = new TreeSet<>();
        for (JavaClass k = c; k != null; k = k.getRawSuperclass().orElse(null)) {
            k.tryGetAnnotationOfType(Tag.class).ifPresent(t -> tags.add(t.value()));
            k.tryGetAnnotationOfType(Tags.class).ifPresent(ts -> {
                for (Tag t : ts.value()) {
                    tags.add(t.value());
                }
            });
        }
        return tags;
    }
}
