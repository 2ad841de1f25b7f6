package views.components;

import java.util.function.Function;
import java.util.function.IntConsumer;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.scene.Scene;
import javafx.scene.control.Control;
import javafx.scene.control.FocusModel;
import javafx.scene.control.ListView;
import javafx.scene.control.MultipleSelectionModel;
import javafx.scene.control.TableView;
import viewmodels.inbox.OpenAt;

/**
 * A table or list that follows the inbox's Enter: when {@link OpenAt} names one of its rows — now, or once its rows
 * are read — the row is selected, scrolled into view and the control takes the focus, so the next key acts on it.
 */
public final class OpensAt {

    private OpensAt() {
    }

    public static <T> void follow(OpenAt openAt, TableView<T> table, Function<T, String> keyOf) {
        follow(openAt, table, table.getItems(), table.getSelectionModel(), table.getFocusModel(), keyOf,
                table::scrollTo);
    }

    public static <T> void follow(OpenAt openAt, ListView<T> list, Function<T, String> keyOf) {
        follow(openAt, list, list.getItems(), list.getSelectionModel(), list.getFocusModel(), keyOf, list::scrollTo);
    }

    private static <T> void follow(OpenAt openAt, Control control, ObservableList<T> items,
                                   MultipleSelectionModel<?> selection, FocusModel<?> focus, Function<T, String> keyOf,
                                   IntConsumer scrollTo) {
        Runnable show = () -> {
            int at = openAt.indexIn(items, keyOf);
            if (at < 0) {
                return;
            }
            selection.clearAndSelect(at);
            focus.focus(at);
            scrollTo.accept(at);
            focusWhenShown(control);
            openAt.shown();
        };
        openAt.subjectProperty().addListener((o, was, now) -> show.run());
        items.addListener((ListChangeListener<T>) c -> show.run());
    }

    /**
     * Focuses the control now, or once it joins the scene: a table inside a split pane joins on the first layout,
     * after the section's own first focus (a button), which it then takes over.
     */
    private static void focusWhenShown(Control control) {
        if (control.getScene() != null) {
            control.requestFocus();
            return;
        }
        control.sceneProperty().addListener(new ChangeListener<>() {
            @Override
            public void changed(ObservableValue<? extends Scene> obs, Scene old, Scene scene) {
                if (scene != null) {
                    obs.removeListener(this);
                    control.requestFocus();
                }
            }
        });
    }
}
