package services.watchdog;

import java.util.List;
import java.util.Map;

/**
 * Check 6: retros were written in the write window (48 h) but no lesson, pattern or failed target was — the
 * retro ran and its write side did not.
 */
public final class WriteSideSilentCheck implements WatchdogCheck {

    static final List<String> WRITES = List.of("lesson", "pattern", "failed_target");

    @Override
    public String name() {
        return "write-side";
    }

    @Override
    public CheckResult run(WatchdogRun run) {
        long retros = run.writtenInWindow(List.of("retro"));
        long writes = run.writtenInWindow(WRITES);
        return CheckResult.of(finding(run, retros, writes)).withStats("retros_in_window", retros, "writes_in_window", writes);
    }

    private Finding finding(WatchdogRun run, long retros, long writes) {
        double hours = run.settings.writeWindowHours();
        String window = WatchdogSettings.fmt(hours) + " h";
        Map<String, Object> figures = Finding.ordered("retros", retros, "lessonsPatternsFailedTargets", writes,
                "windowHours", hours);
        if (retros > 0 && writes == 0) {
            return new Finding(name(), Severity.WARNING, retros + " retros written in " + window
                    + " but no lesson, pattern or failed target: the write side is silent", figures,
                    run.idsWrittenInWindow(List.of("retro"), EventWindow.SAMPLES));
        }
        return Finding.of(name(), Severity.OK, retros + " retros and " + writes + " lessons, patterns or failed targets "
                + "written in " + window, figures);
    }
}
