package viewmodels.settings;

import javafx.beans.Observable;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import services.workspace.ConnectionProfile;

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

    void load(ConnectionProfile p) {
        mode.set(p.redisMode());
        url.set(p.redisUrl());
        sentinels.set(p.sentinels());
        masterName.set(p.masterName());
        cluster.set(p.cluster());
        user.set(p.redisUser());
        tls.set(p.redisTls());
        passwordEnv.set(p.redisPasswordEnv());
    }

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

    /** The fields checked as they are typed. */
    Observable[] validated() {
        return new Observable[] {mode, url, sentinels, masterName, cluster, passwordEnv};
    }

    /** The fields without a rule: edits all the same. */
    Observable[] unchecked() {
        return new Observable[] {user, tls};
    }
}
