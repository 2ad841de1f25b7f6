package views.shell;

import atlantafx.base.theme.Styles;
import javafx.animation.FadeTransition;
import javafx.animation.PauseTransition;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Cursor;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.util.Duration;

/**
 * A notification inside the window, over its bottom-right corner (screens keep their buttons at the top): a title,
 * a text, a way to the screen it is about and a close button. It fades in and goes after {@link #SHOWN} unless the
 * pointer rests on it. Built with the window, so showing one costs a text change — no pop-up window to create, no
 * style sheet to load while the window is busy (a desktop pop-up took 60–230 ms of the window's thread the first
 * time). A newer notification replaces the one showing.
 */
final class Toast {

    static final Duration SHOWN = Duration.seconds(12);

    private final Label title = new Label();
    private final Label text = new Label();
    private final Button open = new Button();
    private final VBox card;
    private final PauseTransition stay = new PauseTransition(SHOWN);
    private final FadeTransition fade;
    private Runnable onOpen = () -> { };

    Toast() {
        title.setId("toast-title");
        title.getStyleClass().add(Styles.TEXT_BOLD);
        text.setId("toast-text");
        text.setWrapText(true);
        text.setMaxHeight(150); // about eight lines; a longer alert ends in "…" (Health lists every finding)
        open.setId("toast-open");
        open.getStyleClass().addAll(Styles.SMALL, Styles.FLAT, Styles.ACCENT);
        open.setOnAction(e -> openAndHide());
        Button close = new Button("✕");
        close.setId("toast-close");
        close.getStyleClass().addAll(Styles.SMALL, Styles.FLAT);
        close.setOnAction(e -> hide());
        // the notification comes by itself: Tab or a vanishing button must not put the focus on it, where a Space
        // meant for the screen would close it — a click does
        close.setFocusTraversable(false);
        open.setFocusTraversable(false);
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox head = new HBox(8, title, gap, close);
        head.setAlignment(Pos.CENTER_LEFT);
        HBox foot = new HBox(open);
        foot.setAlignment(Pos.CENTER_RIGHT);
        card = new VBox(6, head, text, foot);
        card.setId("toast");
        card.getStyleClass().add("toast");
        card.setMaxSize(Region.USE_PREF_SIZE, Region.USE_PREF_SIZE);
        card.setPrefWidth(380);
        card.setCursor(Cursor.HAND);
        card.setOnMouseClicked(e -> openAndHide());
        card.setVisible(false);
        StackPane.setAlignment(card, Pos.BOTTOM_RIGHT);
        StackPane.setMargin(card, new Insets(0, 16, 40, 0)); // above the status bar
        fade = new FadeTransition(Duration.millis(180), card);
        stay.setOnFinished(e -> hide());
        card.hoverProperty().addListener((o, was, hovered) -> {
            if (hovered) {
                stay.stop();
            } else if (card.isVisible()) {
                stay.playFromStart();
            }
        });
    }

    Node node() {
        return card;
    }

    /** Shows {@code message} under {@code heading}; {@code action} names what {@code onOpen} opens. */
    void show(String heading, String message, String action, Runnable onOpen) {
        this.onOpen = onOpen;
        title.setText(heading);
        text.setText(message);
        open.setText(action);
        if (!card.isVisible()) {
            card.setOpacity(0);
            card.setVisible(true);
            fade.setFromValue(0);
            fade.setToValue(1);
            fade.setOnFinished(null);
            fade.playFromStart();
        }
        stay.playFromStart();
    }

    boolean showing() {
        return card.isVisible();
    }

    private void openAndHide() {
        Runnable action = onOpen;
        hide();
        action.run();
    }

    void hide() {
        stay.stop();
        fade.stop();
        card.setVisible(false);
        card.setOpacity(1);
    }
}
