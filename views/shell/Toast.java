package views.shell;

import atlantafx.base.theme.Styles;
import javafx.animation.FadeTransition;
import javafx.animation.PauseTransition;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Cursor;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.util.Duration;

/**
 * A notification inside the window, in its bottom-right corner, with the content kept clear of it while it shows
 * ({@link #keepClear}): a title, a text, a way to the screen it is about and a close button (Escape closes it too). It fades in and goes after {@link #SHOWN} unless the
 * pointer rests on it. Built with the window, so showing one costs a text change — no pop-up window to create, no
 * style sheet to load while the window is busy (a desktop pop-up took 60–230 ms of the window's thread the first
 * time). A newer notification replaces the one showing.
 */
final class Toast {

    static final Duration SHOWN = Duration.seconds(12);
    /** From the card's bottom edge to the window's (the status bar's height and a gap). */
    private static final double BOTTOM = 40;
    /** Between the content kept clear and the card. */
    private static final double CLEAR = 8;

    private final Label title = new Label();
    private final Label text = new Label();
    private final Button open = new Button();
    private final VBox card;
    private final PauseTransition stay = new PauseTransition(SHOWN);
    private final FadeTransition fade;
    private Runnable onOpen = () -> { };
    private Node lastFocusOutside;

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
        // the notification comes by itself and never takes the focus; Tab reaches its buttons while it shows (the
        // last stops of the window's Tab order), and Escape closes it from anywhere in the window (installed with
        // the scene) — the focus then goes back to where it was before it went into the notification
        close.focusTraversableProperty().bind(card.visibleProperty());
        open.focusTraversableProperty().bind(card.visibleProperty());
        card.sceneProperty().addListener((o, old, scene) -> {
            if (scene != null) {
                attach(scene);
            }
        });
        StackPane.setAlignment(card, Pos.BOTTOM_RIGHT);
        StackPane.setMargin(card, new Insets(0, 16, BOTTOM, 0)); // above the status bar
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

    /** Escape closes the notification while it shows; the focus owner outside it is remembered to return to. */
    private void attach(Scene scene) {
        scene.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.ESCAPE && !e.isShortcutDown() && !e.isAltDown() && !e.isShiftDown()
                    && showing()) {
                hide();
                e.consume();
            }
        });
        scene.focusOwnerProperty().addListener((o, was, now) -> {
            if (now != null && !inside(now)) {
                lastFocusOutside = now;
            }
        });
    }

    /**
     * Keeps {@code content} clear of the notification while it shows: its bottom padding grows to end above the
     * card, so nothing the user needs (the last rows of a table, a screen's bottom buttons) lies under it. The
     * content must end where the card's layer does, less the status bar ({@code statusBar}'s height).
     */
    void keepClear(Region content, Region statusBar) {
        Runnable fit = () -> {
            double reserve = card.getHeight() + BOTTOM + CLEAR - statusBar.getHeight();
            content.setPadding(card.isVisible() && card.getHeight() > 0
                    ? new Insets(0, 0, Math.max(0, reserve), 0) : Insets.EMPTY);
        };
        card.visibleProperty().addListener((o, was, now) -> fit.run());
        card.heightProperty().addListener((o, was, now) -> fit.run());
        statusBar.heightProperty().addListener((o, was, now) -> fit.run());
    }

    private boolean inside(Node node) {
        for (Node n = node; n != null; n = n.getParent()) {
            if (n == card) {
                return true;
            }
        }
        return false;
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
        Scene scene = card.getScene();
        if (scene != null && scene.getFocusOwner() != null && inside(scene.getFocusOwner())
                && lastFocusOutside != null && lastFocusOutside.getScene() == scene) {
            lastFocusOutside.requestFocus(); // never left on a button that is going
        }
        stay.stop();
        fade.stop();
        card.setVisible(false);
        card.setOpacity(1);
    }
}
