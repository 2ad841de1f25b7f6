package services.watchdog;

/** How bad a finding is. {@code OK} and {@code INFO} keep the knowledge system healthy; the others do not. */
public enum Severity {
    OK, INFO, WARNING, ERROR;

    public boolean unhealthy() {
        return this == WARNING || this == ERROR;
    }
}
