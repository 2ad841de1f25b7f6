package services.watchdog;

/** One check of the watchdog: a name (its key in findings and trends) and exactly one finding per run. */
public interface WatchdogCheck {

    String name();

    Finding run(WatchdogRun run);
}
