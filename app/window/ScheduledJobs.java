package app.window;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import app.compose.AppContext;
import app.compose.BackgroundThreads;
import app.compose.VaultWatcher;
import app.compose.WorkspaceServices;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.scene.Node;
import org.slf4j.LoggerFactory;
import services.scheduler.JobRun;
import services.scheduler.Scheduler;
import services.watchdog.Evidence;
import services.watchdog.Watchdog;
import viewmodels.health.HealthViewModel;
import viewmodels.health.JobsViewModel;
import views.health.HealthView;

/**
 * A workspace's scheduled jobs — the vault sync and the watchdog — with their Health screen, its ticker and the
 * optional vault watch. Built when first needed: when the first sync is done (after the window is interactive) or
 * when the Health screen is opened, whichever comes first, so none of it delays start-up.
 */
final class ScheduledJobs implements AutoCloseable {

    private final WorkspaceServices services;
    private final AppContext app;
    private final Consumer<Evidence.Item> open;
    private final Runnable indexChanged;
    private final ReadOnlyStringWrapper alerts = new ReadOnlyStringWrapper("");
    private Scheduler scheduler;
    private HealthViewModel health;
    private JobsViewModel jobs;
    private ScheduledExecutorService ticks;
    private VaultWatcher watcher;
    /** Writes the job history's lines, so a run's end does not wait for the disk on the FX thread. */
    private ExecutorService historyWriter;

    ScheduledJobs(WorkspaceServices services, AppContext app, Consumer<Evidence.Item> open, Runnable indexChanged) {
        this.services = services;
        this.app = app;
        this.open = open;
        this.indexChanged = indexChanged;
    }

    private void build() {
        if (scheduler != null) {
            return;
        }
        ZoneId zone = app.clock().getZone();
        Watchdog watchdog = services.watchdog();
        historyWriter = Executors.newSingleThreadExecutor(
                BackgroundThreads.named("bc-job-history"));
        scheduler = services.scheduler(app.runner(), false, historyWriter);
        jobs = new JobsViewModel(scheduler, zone, app.clock());
        health = new HealthViewModel(watchdog.log(), scheduler, services.evidence(), app.runner(), zone, open);
        alerts.bind(health.alertProperty());
        Map<String, Instant> seen = new HashMap<>(Map.of("sync", Instant.EPOCH, "watchdog", Instant.EPOCH));
        scheduler.addListener(() -> { // a scheduled sync or a watchdog prune changed the index
            for (String job : seen.keySet()) {
                Instant last = scheduler.history().last(job).map(JobRun::startedAt).orElse(null);
                if (last != null && !last.equals(seen.put(job, last))) {
                    indexChanged.run();
                }
            }
        });
        health.start();
    }

    /** Starts the schedule: catch-up runs first, then a tick every few seconds; and the vault watch if asked for. */
    void start() {
        build();
        if (ticks != null) {
            return;
        }
        scheduler.start();
        ticks = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "bc-scheduler-tick");
            t.setDaemon(true);
            return t;
        });
        long every = Long.getLong("brainconsole.tickMillis", 5_000);
        ticks.scheduleWithFixedDelay(() -> Platform.runLater(scheduler::tick), every, every, TimeUnit.MILLISECONDS);
        if (scheduler.watchesVault()) {
            try {
                watcher = new VaultWatcher(services.workspace(), () -> Platform.runLater(scheduler::vaultChanged));
            } catch (IOException e) {
                LoggerFactory.getLogger(ScheduledJobs.class).warn("Vault watch not started: {}", e.getMessage());
            }
        }
    }

    Node view() {
        build();
        return new HealthView(health, jobs).root();
    }

    /** The inbox's Enter on a finding or a job: Health opens at it (once its view is built). */
    void openAt(String subject) {
        if (health != null) {
            health.open(subject);
        }
    }

    /** Another console ran a job or the watchdog: the Health screen reads its history again (if it was built). */
    void refreshHealth() {
        if (health != null) {
            health.refresh();
        }
    }

    /** New watchdog warnings and errors, for a desktop notification. */
    ReadOnlyStringProperty alerts() {
        return alerts.getReadOnlyProperty();
    }

    @Override
    public void close() {
        if (ticks != null) {
            ticks.shutdownNow();
        }
        if (watcher != null) {
            watcher.close();
        }
        if (scheduler != null) {
            scheduler.statuses().forEach(j -> scheduler.cancel(j.id())); // the gate is closed with the services
            if (!scheduler.history().flush(Duration.ofSeconds(10))) { // nothing lost: the last runs' lines
                LoggerFactory.getLogger(ScheduledJobs.class).warn("The job history's last lines were not written in 10 s");
            }
        }
        if (historyWriter != null) {
            historyWriter.shutdown();
        }
    }
}
