package services.tasks;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.IntConsumer;

/**
 * Where the independent pieces of one operation run (reading files of a sync, searching shares of a replay):
 * {@link #ONE_BY_ONE} on the caller's thread, or {@link #on} an executor the composition root owns — {@code width}
 * lanes, the caller's thread one of them, each taking the next small run of pieces not yet taken (so the lanes end
 * together, as a work-stealing pool's would). Results come back in the pieces' order whatever the timing; a piece's
 * exception is thrown as if it had run on the caller's thread. Services never make threads; they take a {@code Lanes} from {@code app/}.
 */
public final class Lanes {

    /** Every piece on the caller's thread, one after the other. */
    public static final Lanes ONE_BY_ONE = new Lanes(Runnable::run, 1);

    /** Runs per lane an operation is cut into: small enough to even out heavy items, large enough to cost nothing. */
    private static final int RUNS_PER_LANE = 8;

    private final Executor executor;
    private final int width;

    private Lanes(Executor executor, int width) {
        this.executor = executor;
        this.width = width;
    }

    /** At most {@code width} shares at once: the caller's thread and {@code width - 1} tasks on {@code executor}. */
    public static Lanes on(Executor executor, int width) {
        return new Lanes(Objects.requireNonNull(executor), Math.max(1, width));
    }

    /**
     * {@code f} of every item, in the items' order. The items are cut into small runs; lane {@code k} starts with run
     * {@code k} (the caller's thread with the first) and every lane then takes the next run not yet taken, so a lane
     * that drew heavy items does not hold up the others. When pieces fail, the exception of the first failed item
     * (in the items' order) is thrown, after every lane has stopped.
     */
    public <T, R> List<R> map(List<T> items, Function<? super T, ? extends R> f) {
        int lanes = Math.min(width, items.size());
        if (lanes < 2) {
            List<R> out = new ArrayList<>(items.size());
            for (T item : items) {
                out.add(f.apply(item));
            }
            return out;
        }
        int run = Math.max(1, items.size() / (lanes * RUNS_PER_LANE));
        int runs = (items.size() + run - 1) / run;
        Object[] out = new Object[items.size()];
        Throwable[] failures = new Throwable[items.size()];
        AtomicInteger next = new AtomicInteger(lanes);
        AtomicBoolean failed = new AtomicBoolean();
        IntConsumer lane = first -> {
            for (int r = first; r < runs && !failed.get(); r = next.getAndIncrement()) {
                for (int i = r * run; i < Math.min(items.size(), (r + 1) * run); i++) {
                    try {
                        out[i] = f.apply(items.get(i));
                    } catch (RuntimeException | Error e) {
                        failures[i] = e;
                        failed.set(true);
                        break;
                    }
                }
            }
        };
        List<CompletableFuture<Void>> others = new ArrayList<>();
        for (int k = 1; k < lanes; k++) {
            int first = k;
            others.add(CompletableFuture.runAsync(() -> lane.accept(first), executor));
        }
        lane.accept(0);
        others.forEach(CompletableFuture::join);
        for (Throwable t : failures) {
            if (t instanceof RuntimeException r) {
                throw r;
            }
            if (t instanceof Error e) {
                throw e;
            }
        }
        @SuppressWarnings("unchecked")
        List<R> results = (List<R>) new ArrayList<>(Arrays.asList(out));
        return results;
    }

    /** {@code action} on every item; returns when all are done. */
    public <T> void forEach(List<T> items, Consumer<? super T> action) {
        map(items, item -> {
            action.accept(item);
            return null;
        });
    }
}
