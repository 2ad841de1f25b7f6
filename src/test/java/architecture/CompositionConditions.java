package architecture;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaCodeUnitAccess;
import com.tngtech.archunit.core.domain.JavaConstructorCall;
import com.tngtech.archunit.core.domain.JavaConstructorReference;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.Map;
import java.util.concurrent.Executor;
import services.tasks.Lanes;

/** The conditions of LayeringTest's rules on the closed composition (issue 38). */
final class CompositionConditions {

    private CompositionConditions() {
    }

    /**
     * Builds (new, a constructor reference, or a static factory returning it) no services class whose simple name
     * matches {@code adapter} outside app.compose, app.bench and the adapter's own package; {@code exceptions} maps
     * "builder -> adapter" (top-level class names) to the reason it may.
     */
    static ArchCondition<JavaClass> buildAdaptersOnlyInTheComposition(String adapter, Map<String, String> exceptions) {
        return new ArchCondition<>("build adapters only in app.compose, app.bench or the adapter's own package") {
            @Override
            public void check(JavaClass item, ConditionEvents events) {
                String from = item.getPackageName();
                if (from.startsWith("app.compose") || from.startsWith("app.bench")) {
                    return;
                }
                for (JavaCodeUnitAccess<?> a : item.getCodeUnitAccessesFromSelf()) {
                    JavaClass target = a.getTargetOwner();
                    boolean builds = a instanceof JavaConstructorCall || a instanceof JavaConstructorReference
                            || a instanceof JavaMethodCall call && call.getTarget().resolveMember()
                            .map(m -> m.getModifiers().contains(JavaModifier.STATIC)
                                    && m.getRawReturnType().equals(target)).orElse(false);
                    String top = target.getName().replaceFirst("\\$.*", "");
                    String simple = top.substring(top.lastIndexOf('.') + 1);
                    if (builds && target.getPackageName().startsWith("services.") && simple.matches(adapter)
                            && !target.getPackageName().equals(from)
                            && !exceptions.containsKey(item.getName().replaceFirst("\\$.*", "") + " -> " + top)) {
                        events.add(SimpleConditionEvent.violated(item,
                                a.getDescription() + ": take the adapter or a factory of it from app.compose"));
                    }
                }
            }
        };
    }

    /** A static field holding an executor, or lanes other than {@code Lanes.ONE_BY_ONE} (the caller's thread). */
    static ArchCondition<JavaField> beAStaticPool() {
        return new ArchCondition<>("be static and hold an executor or lanes") {
            @Override
            public void check(JavaField f, ConditionEvents events) {
                JavaClass type = f.getRawType();
                boolean pool = type.isAssignableTo(Executor.class) || type.isAssignableTo(Lanes.class)
                        && !f.getFullName().equals("services.tasks.Lanes.ONE_BY_ONE");
                boolean isStatic = f.getModifiers().contains(JavaModifier.STATIC);
                events.add(new SimpleConditionEvent(f, pool && isStatic,
                        f.getFullName() + (pool && isStatic ? " is a static pool" : " is no static pool")));
            }
        };
    }
}
