package viewmodels.amendments;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.InvocationTargetException;
import java.nio.file.Path;
import java.lang.reflect.Proxy;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import services.amendments.AmendmentImpact;
import services.amendments.AmendmentsService;
import services.knowledge.KnowledgeIndex;
import services.knowledge.KnowledgeQuery;
import services.knowledge.LuceneKnowledgeIndex;
import services.tasks.SynchronousTaskRunner;
import services.workspace.Workspace;
import testsupport.Fixtures;

/**
 * The impact's "days" field: letters or a number too big for an int threw a NumberFormatException out of the
 * screen ("Unexpected error"), and 999 stood in the field beside a table computed for another window. Now a refused
 * value says so on the field, naming it and its range, the table stays computed for the days it says, and every
 * accepted value recomputes the table.
 */
class ImpactWindowTest {

    @TempDir
    Path tmp;

    @Test
    void lettersAndHugeOrOutOfRangeNumbersAreRefusedOnTheFieldAndNothingIsComputedForThem() {
        Workspace ws = Fixtures.demo(tmp);
        try (LuceneKnowledgeIndex index = new LuceneKnowledgeIndex(ws.indexDir(), 384)) {
            List<Integer> computedFor = new ArrayList<>();
            // the window each impact computation asks the index for: its retros from N days before to N days after
            KnowledgeIndex counting = (KnowledgeIndex) Proxy.newProxyInstance(KnowledgeIndex.class.getClassLoader(),
                    new Class<?>[] {KnowledgeIndex.class}, (proxy, method, args) -> {
                        if (method.getName().equals("search") && args[0] instanceof KnowledgeQuery q
                                && q.createdFrom() != null) {
                            computedFor.add((int) ((q.createdTo() - q.createdFrom()) / 2 / 86_400));
                        }
                        try {
                            return method.invoke(index, args);
                        } catch (InvocationTargetException e) {
                            throw e.getCause();
                        }
                    });
            AmendmentImpact impact = new AmendmentImpact(counting);
            AmendmentsViewModel vm = new AmendmentsViewModel(new AmendmentsService(ws, Fixtures.CLOCK), impact,
                    new SynchronousTaskRunner(), "joel", ZoneOffset.UTC);
            vm.refresh();
            ImpactWindow days = vm.impactWindow();
            assertThat(computedFor).containsExactly(14); // the first amendment, selected
            assertThat(days.errorProperty().get()).isEmpty();

            for (String refused : List.of("abc", "999999999999", "999", "0", "-3", "", "1.5")) {
                computedFor.clear();
                days.textProperty().set(refused);
                assertThat(days.errorProperty().get()).as(refused)
                        .startsWith("The impact window is a whole number of days from 1 to 90.")
                        .endsWith("The table shows 14 days.");
                days.commit(); // Tab or Enter: the field shows what the table was computed for, and says why
                assertThat(days.daysProperty().get()).isEqualTo(14);
                assertThat(computedFor).as("nothing computed for " + refused).isEmpty();
                assertThat(days.textProperty().get()).isEqualTo("14");
                assertThat(days.errorProperty().get()).as(refused).startsWith("Impact window: ").contains("from 1 to 90")
                        .endsWith("the table shows 14 days.");
            }
            days.textProperty().set("abc");
            days.commit();
            assertThat(days.errorProperty().get()).isEqualTo("Impact window: \"abc\" refused — a whole number of days "
                    + "from 1 to 90; the table shows 14 days.");

            for (String accepted : List.of("30", "1", "90", " 7 ")) {
                computedFor.clear();
                days.textProperty().set(accepted);
                assertThat(days.errorProperty().get()).isEmpty();
                assertThat(computedFor).as("typing computes nothing").isEmpty();
                days.commit();
                assertThat(computedFor).as("recomputed for " + accepted).containsExactly(Integer.parseInt(accepted.strip()));
            }
            assertThat(days.textProperty().get()).as("shown as computed").isEqualTo("7");
            days.step(+1);
            assertThat(days.daysProperty().get()).isEqualTo(8);
            days.textProperty().set("90");
            days.commit();
            days.step(+1);
            assertThat(days.textProperty().get()).as("Up stops at the range's end").isEqualTo("90");
        }
    }
}
