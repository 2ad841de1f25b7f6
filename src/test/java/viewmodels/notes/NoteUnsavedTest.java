package viewmodels.notes;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import services.tasks.SynchronousTaskRunner;

/**
 * Walk (issue 37): Ctrl+Q quit while a knowledge note held typed text. The note says it is unsaved while its summary,
 * decision or evidence holds text, so closing the window asks first (the window tracks it like Settings' form).
 */
class NoteUnsavedTest {

    @Test
    void typedTextIsUnsavedUntilItIsGone() {
        NoteViewModel vm = new NoteViewModel(null, new SynchronousTaskRunner(), false);
        assertThat(vm.unsavedProperty().get()).isFalse();
        vm.agentProperty().set("gateway"); // who and where are not the note's text
        assertThat(vm.unsavedProperty().get()).isFalse();
        vm.decisionProperty().set("use the exact id");
        assertThat(vm.unsavedProperty().get()).isTrue();
        vm.decisionProperty().set("   ");
        assertThat(vm.unsavedProperty().get()).isFalse();
        vm.evidenceProperty().set("doc:1");
        assertThat(vm.unsavedProperty().get()).isTrue();
    }

    @Test
    void aReadOnlyWorkspaceHasNothingToLose() {
        NoteViewModel vm = new NoteViewModel(null, new SynchronousTaskRunner(), true);
        vm.summaryProperty().set("typed");
        assertThat(vm.unsavedProperty().get()).isFalse();
    }
}
