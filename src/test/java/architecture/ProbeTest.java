package architecture;

import com.tngtech.archunit.core.domain.*;
import com.tngtech.archunit.core.importer.*;
import org.junit.jupiter.api.Test;

class ProbeTest {
    @Test
    void probe() {
        JavaClasses product = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("app", "views", "viewmodels", "services");
        for (JavaClass c : product) {
            if (!c.getPackageName().matches("app\\.(cli|window|warm).*")) continue;
            for (JavaConstructorCall a : c.getConstructorCallsFromSelf()) {
                JavaClass t = a.getTargetOwner();
                if (!t.getPackageName().startsWith("services.") || t.isRecord() || t.isAssignableTo(Throwable.class)) continue;
                System.out.println("PROBE " + c.getName().split("\\$")[0] + " -> " + t.getName() + " " + a.getTarget().getRawParameterTypes().stream().map(JavaClass::getSimpleName).toList());
            }
        }
        for (JavaClass c : product) for (JavaField f : c.getFields()) {
            if (f.getModifiers().contains(JavaModifier.STATIC) && (f.getRawType().isAssignableTo(java.util.concurrent.Executor.class) || f.getRawType().getSimpleName().equals("Lanes")))
                System.out.println("PROBEF " + f.getFullName() + " " + f.getModifiers());
        }
    }
}
