package viewmodels.shell;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import services.workspace.WorkspaceChanges;

/**
 * Keeps an open window current: {@link #poll()} looks (cheaply) at what changed in the workspace, whoever changed
 * it, and {@link #apply(Set)} reads again only the parts of the window that show a changed area. The window polls
 * every second, so a change made anywhere shows within two.
 */
public final class LiveWorkspaceViewModel {

    private final WorkspaceChanges changes;
    private final Map<WorkspaceChanges.Area, Map<String, Runnable>> refreshers = new EnumMap<>(WorkspaceChanges.Area.class);

    public LiveWorkspaceViewModel(WorkspaceChanges changes) {
        this.changes = changes;
    }

    /**
     * Reads {@code who} again (its {@code refresh}) when {@code area} changes; a second registration under the same
     * name replaces the first (a section's view is made again each time it is opened).
     */
    public synchronized void on(WorkspaceChanges.Area area, String who, Runnable refresh) {
        refreshers.computeIfAbsent(area, a -> new LinkedHashMap<>()).put(who, refresh);
    }

    /** What changed since the last poll: file and index stamps only (off the UI thread). */
    public Set<WorkspaceChanges.Area> poll() {
        return changes.poll();
    }

    /** Reads again what shows a changed area, each once (on the UI thread). */
    public void apply(Set<WorkspaceChanges.Area> changed) {
        Map<String, Runnable> due = new LinkedHashMap<>();
        synchronized (this) {
            for (WorkspaceChanges.Area area : changed) {
                due.putAll(refreshers.getOrDefault(area, Map.of()));
            }
        }
        due.values().forEach(Runnable::run);
    }

    /** One poll and its refreshes, for a caller on one thread (tests; the headless scheduler). */
    public Set<WorkspaceChanges.Area> refreshChanged() {
        Set<WorkspaceChanges.Area> changed = poll();
        apply(changed);
        return changed;
    }
}
