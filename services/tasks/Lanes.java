package services.tasks;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Where the independent pieces of one operation run (reading files of a sync, searching shares of a replay):
 * {@link #ONE_BY_ONE} on the caller's thread, or {@link #on} an executor the composition root owns — the pieces
 * cut into {@code width} shares in order, the first share on the caller's thread and the others beside it. Results
 * come back in the pieces' order whatever the timing; a piece's exception is thrown as if it had run on the
 * caller's thread. Services never make threads; they take a {@code Lanes} from {@code app/}.
 */
public final class Lanes {

    /** Every piece on the caller's thread, one after the other. */
    public static final Lanes ONE_BY_ONE = new Lanes(Runnable::run, 1);

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

    /** {@code f} of every item, in the items' order. */
    public <T, R> List<R> map(List<T> items, Function<? super T, ? extends R> f) {
        int shares = Math.min(width, items.size());
        if (shares < 2) {
            List<R> out = new ArrayList<>(items.size());
            for (T item : items) {
                out.add(f.apply(item));
            }
            return out;
        }
        int size = (items.size() + shares - 1) / shares;
        List<CompletableFuture<List<R>>> rest = new ArrayList<>();
        for (int from = size; from < items.size(); from += size) {
            List<T> share = items.subList(from, Math.min(items.size(), from + size));
            rest.add(CompletableFuture.supplyAsync(() -> ONE_BY_ONE.map(share, f), executor));
        }
        List<R> out = new ArrayList<>(ONE_BY_ONE.map(items.subList(0, size), f));
        for (CompletableFuture<List<R>> share : rest) {
            try {
                out.addAll(share.join());
            } catch (CompletionException e) {
                if (e.getCause() instanceof RuntimeException r) {
                    throw r;
                }
                if (e.getCause() instanceof Error err) {
                    throw err;
                }
                throw e;
            }
        }
        return out;
    }

    /** {@code action} on every item; returns when all are done. */
    public <T> void forEach(List<T> items, Consumer<? super T> action) {
        map(items, item -> {
            action.accept(item);
            return null;
        });
    }
}
