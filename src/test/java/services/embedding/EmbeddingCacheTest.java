package services.embedding;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddingCacheTest {

    @TempDir
    Path dir;

    private static float[] vector(float seed) {
        float[] v = new float[4];
        for (int i = 0; i < 4; i++) {
            v[i] = seed + i;
        }
        return v;
    }

    @Test
    void vectorsSurviveReopeningAndUnknownHashesAreAbsent() {
        byte[] a = EmbeddingText.hash("m", "alpha");
        byte[] b = EmbeddingText.hash("m", "beta");
        try (EmbeddingCache cache = new EmbeddingCache(dir, "m", 4)) {
            cache.put(a, vector(1));
            cache.put(b, vector(5));
            cache.put(a, vector(9)); // already there: kept as it was
        }
        try (EmbeddingCache cache = new EmbeddingCache(dir, "m", 4)) {
            assertThat(cache.size()).isEqualTo(2);
            assertThat(cache.get(a)).containsExactly(vector(1));
            assertThat(cache.get(b)).containsExactly(vector(5));
            assertThat(cache.get(EmbeddingText.hash("m", "gamma"))).isNull();
        }
    }

    @Test
    void aRecordCutShortByACrashIsDroppedNotReturnedHalfWritten() throws Exception {
        byte[] a = EmbeddingText.hash("m", "alpha");
        byte[] b = EmbeddingText.hash("m", "beta");
        try (EmbeddingCache cache = new EmbeddingCache(dir, "m", 4)) {
            cache.put(a, vector(1));
            cache.put(b, vector(5));
        }
        Path file = dir.resolve("m.bin");
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.truncate(Files.size(file) - 7);
        }
        try (EmbeddingCache cache = new EmbeddingCache(dir, "m", 4)) {
            assertThat(cache.get(a)).containsExactly(vector(1));
            assertThat(cache.get(b)).isNull();
            cache.put(b, vector(6)); // appended after the cut, readable
            assertThat(cache.get(b)).containsExactly(vector(6));
        }
        try (EmbeddingCache cache = new EmbeddingCache(dir, "m", 4)) {
            assertThat(cache.size()).isEqualTo(2);
        }
    }

    @Test
    void twoConsolesAppendingToOneCacheNeverOverwriteEachOther() {
        byte[] a = EmbeddingText.hash("m", "alpha");
        byte[] b = EmbeddingText.hash("m", "beta");
        byte[] c = EmbeddingText.hash("m", "gamma");
        try (EmbeddingCache window = new EmbeddingCache(dir, "m", 4);
             EmbeddingCache command = new EmbeddingCache(dir, "m", 4)) {
            window.put(a, vector(1));
            assertThat(command.size()).isEqualTo(1);
            command.put(b, vector(5));   // after the window's record, not over it
            window.put(c, vector(9));    // after the command's record
            assertThat(window.get(b)).containsExactly(vector(5));
            assertThat(command.get(c)).containsExactly(vector(9));
            assertThat(command.keepOnly(Set.of(EmbeddingCache.hex(a), EmbeddingCache.hex(c)))).isEqualTo(1);
            window.put(b, vector(6));    // into the compacted file the command moved into place
        }
        try (EmbeddingCache cache = new EmbeddingCache(dir, "m", 4)) {
            assertThat(cache.size()).isEqualTo(3);
            assertThat(cache.get(a)).containsExactly(vector(1));
            assertThat(cache.get(b)).containsExactly(vector(6));
            assertThat(cache.get(c)).containsExactly(vector(9));
        }
    }

    @Test
    void aCacheWrittenForAnotherModelIsStartedAfresh() {
        byte[] a = EmbeddingText.hash("m", "alpha");
        try (EmbeddingCache cache = new EmbeddingCache(dir, "m", 4)) {
            cache.put(a, vector(1));
        }
        try (EmbeddingCache cache = new EmbeddingCache(dir, "m", 3)) { // same file name, other dimensions
            assertThat(cache.size()).isZero();
        }
    }

    @Test
    void compactingKeepsOnlyTheLiveVectors() throws Exception {
        byte[] a = EmbeddingText.hash("m", "alpha");
        byte[] b = EmbeddingText.hash("m", "beta");
        try (EmbeddingCache cache = new EmbeddingCache(dir, "m", 4)) {
            cache.put(a, vector(1));
            cache.put(b, vector(5));
            long before = Files.size(dir.resolve("m.bin"));
            assertThat(cache.keepOnly(Set.of(EmbeddingCache.hex(b)))).isEqualTo(1);
            assertThat(Files.size(dir.resolve("m.bin"))).isLessThan(before);
            assertThat(cache.get(a)).isNull();
            assertThat(cache.get(b)).containsExactly(vector(5));
        }
        try (EmbeddingCache cache = new EmbeddingCache(dir, "m", 4)) {
            assertThat(cache.get(b)).containsExactly(vector(5));
        }
    }

    @Test
    @Tag("slow") // 30,000 vectors written, read and compacted
    void tensOfThousandsOfVectorsAreFoundAfterReopeningAndAfterCompacting() {
        int n = 30_000; // past several growths of the table, and more than one chunk read at open
        try (EmbeddingCache cache = new EmbeddingCache(dir, "m", 4)) {
            for (int i = 0; i < n; i++) {
                cache.put(EmbeddingText.hash("m", "text " + i), vector(i));
            }
        }
        Set<String> live = new HashSet<>();
        try (EmbeddingCache cache = new EmbeddingCache(dir, "m", 4)) {
            assertThat(cache.size()).isEqualTo(n);
            for (int i = 0; i < n; i += 7) {
                assertThat(cache.get(EmbeddingText.hash("m", "text " + i))).containsExactly(vector(i));
                live.add(EmbeddingCache.hex(EmbeddingText.hash("m", "text " + i)));
            }
            assertThat(cache.get(EmbeddingText.hash("m", "text " + n))).isNull();
            assertThat(cache.keepOnly(live)).isEqualTo(n - live.size());
            assertThat(cache.get(EmbeddingText.hash("m", "text 14"))).containsExactly(vector(14));
            assertThat(cache.get(EmbeddingText.hash("m", "text 15"))).isNull();
        }
        try (EmbeddingCache cache = new EmbeddingCache(dir, "m", 4)) {
            assertThat(cache.size()).isEqualTo(live.size());
            assertThat(cache.get(EmbeddingText.hash("m", "text 7000"))).containsExactly(vector(7000));
        }
    }

    @Test
    void aBatchIsAppendedOnceEachSkippingWhatIsThereAndItsOwnRepeats() {
        byte[] a = EmbeddingText.hash("m", "alpha");
        byte[] b = EmbeddingText.hash("m", "beta");
        byte[] c = EmbeddingText.hash("m", "gamma");
        try (EmbeddingCache cache = new EmbeddingCache(dir, "m", 4)) {
            cache.put(a, vector(1));
            cache.putAll(List.of(a, b, c, b), List.of(vector(9), vector(2), vector(3), vector(8)));
            assertThat(cache.size()).isEqualTo(3);
        }
        try (EmbeddingCache cache = new EmbeddingCache(dir, "m", 4)) {
            assertThat(cache.size()).isEqualTo(3);
            assertThat(cache.get(a)).containsExactly(vector(1));
            assertThat(cache.get(b)).containsExactly(vector(2));
            assertThat(cache.get(c)).containsExactly(vector(3));
        }
    }

    @Test
    void aTextWhoseHashSharesTheFirst64BitsOfAnotherNeverGetsTheOthersVector() {
        byte[] a = EmbeddingText.hash("m", "alpha");
        byte[] twin = a.clone(); // the table keys on the first 64 bits; the rest differs
        twin[31] ^= 1;
        try (EmbeddingCache cache = new EmbeddingCache(dir, "m", 4)) {
            cache.put(a, vector(1));
            assertThat(cache.contains(twin)).isFalse();
            assertThat(cache.get(twin)).isNull();
            cache.put(twin, vector(5)); // not cached (the slot is a's), so computed again when asked: never wrong
            assertThat(cache.get(twin)).isNull();
            assertThat(cache.get(a)).containsExactly(vector(1));
            assertThat(cache.contains(a)).isTrue();
        }
        try (EmbeddingCache cache = new EmbeddingCache(dir, "m", 4)) {
            assertThat(cache.get(a)).containsExactly(vector(1));
            assertThat(cache.get(twin)).isNull();
        }
    }
}
