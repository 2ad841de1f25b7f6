package views.components;

import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/** The icon of each kind of waiting work and of each section of the navigation (Feather icons, one meaning each). */
public final class Icons {

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
}
