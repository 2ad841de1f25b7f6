package views.components;

import javafx.scene.Group;
import javafx.scene.Node;
import javafx.scene.shape.SVGPath;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/** The icon of each kind of waiting work and of each section of the navigation (Feather icons, one meaning each). */
public final class Icons {

    /** Material Design's thumb up / down (Apache 2.0), as SVG paths. */
    private static final String THUMB_UP = "M1 21h4V9H1v12zm22-11c0-1.1-.9-2-2-2h-6.31l.95-4.57.03-.32c0-.41-.17-.79"
            + "-.44-1.06L14.17 1 7.59 7.59C7.22 7.95 7 8.45 7 9v10c0 1.1.9 2 2 2h9c.83 0 1.54-.5 1.84-1.22l3.02-7.05c.09"
            + "-.23.14-.47.14-.73v-2z";
    private static final String THUMB_DOWN = "M15 3H6c-.83 0-1.54.5-1.84 1.22l-3.02 7.05c-.09.23-.14.47-.14.73v2c0 "
            + "1.1.9 2 2 2h6.31l-.95 4.57-.03.32c0 .41.17.79.44 1.06L9.83 23l6.59-6.59c.36-.36.58-.86.58-1.41V5c0-1.1"
            + "-.9-2-2-2zm4 0v12h4V3h-4z";

    private Icons() {
    }

    /** The icon of an inbox row's kind ({@code InboxItem.Kind} in lower case). */
    public static FontIcon ofKind(String kind) {
        Ikon icon = switch (kind) {
            case "interrupted" -> Feather.PAUSE_CIRCLE;
            case "supervised" -> Feather.CLOCK;
            case "proposal" -> Feather.GIT_PULL_REQUEST;
            case "failed_target" -> Feather.X_OCTAGON;
            case "finding" -> Feather.ALERT_TRIANGLE;
            case "source" -> Feather.EYE_OFF;
            case "blind" -> Feather.EYE_OFF;
            case "sync" -> Feather.REFRESH_CW;
            case "job" -> Feather.ALERT_CIRCLE;
            default -> Feather.HELP_CIRCLE;
        };
        return new FontIcon(icon);
    }

    /** The icon of a section of the navigation rail, or null for a section added later. */
    public static FontIcon ofSection(String section) {
        Ikon icon = switch (section) {
            case "inbox" -> Feather.INBOX;
            case "overview" -> Feather.HOME;
            case "knowledge" -> Feather.BOOK_OPEN;
            case "recall" -> Feather.SEARCH;
            case "review" -> Feather.GIT_PULL_REQUEST;
            case "amendments" -> Feather.GIT_COMMIT;
            case "failed" -> Feather.X_OCTAGON;
            case "health" -> Feather.ACTIVITY;
            case "note" -> Feather.EDIT;
            case "lessons" -> Feather.AWARD;
            case "brief" -> Feather.CLIPBOARD;
            case "telemetry" -> Feather.BAR_CHART;
            case "settings" -> Feather.SETTINGS;
            case "reach" -> Feather.SHARE;
            default -> null;
        };
        return icon == null ? null : new FontIcon(icon);
    }

    /** The review's Approve icon: Material Design's thumb up (Apache 2.0), drawn, so it shows without an emoji font. */
    public static Node thumbUp() {
        return thumb(THUMB_UP);
    }

    /** The review's Reject icon: Material Design's thumb down (Apache 2.0). */
    public static Node thumbDown() {
        return thumb(THUMB_DOWN);
    }

    private static Node thumb(String path) {
        SVGPath svg = new SVGPath();
        svg.setContent(path);
        svg.getStyleClass().add("review-thumb");
        svg.setScaleX(0.6);
        svg.setScaleY(0.6);
        return new Group(svg);
    }
}
