package services.watchdog;

/**
 * One check of the watchdog: a name (its key in findings and trends) and, per run, a {@link CheckResult} — its
 * finding and the figures it adds to the run's stats. A check reads the run ({@link WatchdogRun}) and never writes
 * into it; a {@link services.errors.ConsoleException} it throws becomes an ERROR finding under its name.
 */
public interface WatchdogCheck {

    String name();

    CheckResult run(WatchdogRun run);
}
