package services.tasks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class LanesTest {

    private final ExecutorService pool = Executors.newCachedThreadPool();

    @AfterEach
    void stop() {
        pool.shutdownNow();
    }

    @Test
    void resultsComeBackInTheItemsOrderWhateverTheWidth() {
        List<Integer> items = IntStream.range(0, 37).boxed().toList();
        List<Integer> squares = items.stream().map(i -> i * i).toList();
        for (int width : new int[] {1, 2, 3, 8, 64}) {
            assertEquals(squares, Lanes.on(pool, width).map(items, i -> i * i), "width " + width);
        }
        assertEquals(squares, Lanes.ONE_BY_ONE.map(items, i -> i * i));
        assertEquals(List.of(), Lanes.on(pool, 4).map(List.<Integer>of(), i -> i));
    }

    @Test
    void theCallersThreadTakesTheFirstShareAndThePoolTheOthers() {
        Set<Thread> seen = ConcurrentHashMap.newKeySet();
        Lanes.on(pool, 2).forEach(List.of(1, 2, 3, 4), i -> seen.add(Thread.currentThread()));
        assertTrue(seen.contains(Thread.currentThread()));
        assertEquals(2, seen.size());
        Set<Thread> alone = ConcurrentHashMap.newKeySet();
        Lanes.ONE_BY_ONE.forEach(List.of(1, 2, 3, 4), i -> alone.add(Thread.currentThread()));
        assertEquals(Set.of(Thread.currentThread()), alone);
    }

    @Test
    void aPiecesExceptionIsThrownAsItself() {
        IllegalStateException boom = new IllegalStateException("file 3 unreadable");
        IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> Lanes.on(pool, 2)
                .map(List.of(1, 2, 3, 4), i -> {
                    if (i == 3) {
                        throw boom;
                    }
                    return i;
                }));
        assertSame(boom, thrown);
    }

    @Test
    void aLaneThatDrewHeavyPiecesIsHelpedByTheOthers() {
        // the first half of the pieces is slow: cut into two fixed halves, the caller's thread would do all of them
        List<Integer> items = IntStream.range(0, 32).boxed().toList();
        Set<Integer> byCaller = ConcurrentHashMap.newKeySet();
        Thread caller = Thread.currentThread();
        Lanes.on(pool, 2).forEach(items, i -> {
            if (Thread.currentThread() == caller) {
                byCaller.add(i);
            }
            if (i < 16) {
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        });
        assertTrue(byCaller.stream().filter(i -> i < 16).count() <= 12,
                "the pool's lane takes slow pieces too, caller did " + byCaller);
    }
}
