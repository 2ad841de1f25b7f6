package viewmodels.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The one rule of how long a message lives (docs/design.md, Messages). */
class SubjectMessageTest {

    @Test
    void itStaysWhileItsSubjectIsShownAndGoesWhenAnotherIs() {
        SubjectMessage m = new SubjectMessage();
        m.say(List.of("a/S1"), "Cleared a/S1");
        m.shows(null); // nothing in particular selected (the row left the list)
        m.shows(List.of("a/S1"));
        assertThat(m.get()).isEqualTo("Cleared a/S1");
        m.shows(List.of("b/S2"));
        assertThat(m.get()).isEmpty();
        assertThat(m.subject()).isNull();
    }

    @Test
    void itGoesWhenItsSubjectChangesOrOnceRead() {
        SubjectMessage m = new SubjectMessage();
        m.say("p-1", "Approved p-1");
        m.subjectChanged();
        assertThat(m.get()).isEmpty();
        m.say(SubjectMessage.SCREEN, "1 proposal was decided elsewhere meanwhile");
        m.shows("p-2"); // about the screen: a selection does not end it
        assertThat(m.get()).isNotEmpty();
        m.read(); // the section left, or closed
        assertThat(m.textProperty().get()).isEmpty();
    }
}
