package viewmodels.settings;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/** The Redis part of the Settings form: mode (none, standalone, sentinel, cluster) and the fields of each mode. */
public final class RedisFields {

    private final StringProperty mode = new SimpleStringProperty();
    private final StringProperty url = new SimpleStringProperty();
    private final StringProperty sentinels = new SimpleStringProperty();
    private final StringProperty masterName = new SimpleStringProperty();
    private final StringProperty cluster = new SimpleStringProperty();
    private final StringProperty user = new SimpleStringProperty();
    private final BooleanProperty tls = new SimpleBooleanProperty();
    private final StringProperty passwordEnv = new SimpleStringProperty();

    public StringProperty modeProperty() {
        return mode;
    }

    public StringProperty urlProperty() {
        return url;
    }

    public StringProperty sentinelsProperty() {
        return sentinels;
    }

    public StringProperty masterNameProperty() {
        return masterName;
    }

    public StringProperty clusterProperty() {
        return cluster;
    }

    public StringProperty userProperty() {
        return user;
    }

    public BooleanProperty tlsProperty() {
        return tls;
    }

    public StringProperty passwordEnvProperty() {
        return passwordEnv;
    }

    javafx.beans.Observable[] validated() {
        return new javafx.beans.Observable[] {mode, url, sentinels, masterName, cluster, passwordEnv};
    }
}
