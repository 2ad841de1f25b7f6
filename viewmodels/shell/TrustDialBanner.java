package viewmodels.shell;

import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import services.policy.PolicySettings;
import services.workspace.Workspace;

/**
 * The banner every screen shows while the trust dial is frozen — or cannot be read —: every proposal waits for a
 * person. Empty otherwise, and while no workspace is open.
 */
final class TrustDialBanner {

    private final ReadOnlyStringWrapper text = new ReadOnlyStringWrapper("");

    /** Reads the trust dial of {@code ws} again (cheap: one small file); null: no workspace is open. */
    void refresh(Workspace ws) {
        if (ws == null) {
            text.set("");
            return;
        }
        PolicySettings.Loaded loaded = new PolicySettings(ws.dir()).load();
        text.set(loaded.problem() != null ? "Trust dial: " + loaded.problem()
                : loaded.policy().frozen() ? "The trust dial is FROZEN: nothing is approved automatically; every proposal "
                + "waits for a person until it is lifted ('policy unfreeze')." : "");
    }

    ReadOnlyStringProperty textProperty() {
        return text.getReadOnlyProperty();
    }
}
