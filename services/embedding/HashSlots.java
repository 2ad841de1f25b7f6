package services.embedding;

/**
 * Where each vector of the embedding cache is, by content hash: an open-addressing table of the hash's first 128
 * bits and the record's number in the file — 20 bytes a slot, about 30 a vector, where a {@code HashMap} of
 * boxed keys and offsets took about 100 (a 100k-document workspace holds close to a million vectors: whole texts
 * and sentences). Two different texts share 128 bits of SHA-256 with a probability of about n²/2¹²⁹. Not
 * thread-safe: the cache synchronizes.
 */
final class HashSlots {

    private long[] keys = new long[2 * 1024];
    private int[] records = new int[1024]; // record number + 1; 0 = empty
    private int size;

    int size() {
        return size;
    }

    /** The record number stored for this hash, or -1. */
    int get(byte[] hash) {
        long a = word(hash, 0);
        long b = word(hash, 8);
        int mask = records.length - 1;
        for (int i = slot(a, b) & mask; ; i = (i + 1) & mask) {
            if (records[i] == 0) {
                return -1;
            }
            if (keys[2 * i] == a && keys[2 * i + 1] == b) {
                return records[i] - 1;
            }
        }
    }

    /** Stores the record number of this hash (replacing an earlier one). */
    void put(byte[] hash, int record) {
        if ((size + 1) * 4L > records.length * 3L) {
            grow();
        }
        insert(word(hash, 0), word(hash, 8), record + 1);
    }

    private void insert(long a, long b, int recordPlusOne) {
        int mask = records.length - 1;
        for (int i = slot(a, b) & mask; ; i = (i + 1) & mask) {
            if (records[i] == 0) {
                keys[2 * i] = a;
                keys[2 * i + 1] = b;
                records[i] = recordPlusOne;
                size++;
                return;
            }
            if (keys[2 * i] == a && keys[2 * i + 1] == b) {
                records[i] = recordPlusOne;
                return;
            }
        }
    }

    private void grow() {
        long[] oldKeys = keys;
        int[] oldRecords = records;
        keys = new long[oldKeys.length * 2];
        records = new int[oldRecords.length * 2];
        size = 0;
        for (int i = 0; i < oldRecords.length; i++) {
            if (oldRecords[i] != 0) {
                insert(oldKeys[2 * i], oldKeys[2 * i + 1], oldRecords[i]);
            }
        }
    }

    private static int slot(long a, long b) {
        long h = a ^ (b * 0x9E3779B97F4A7C15L); // SHA-256 bits are already uniform; this only mixes the two words
        return (int) (h ^ (h >>> 32));
    }

    private static long word(byte[] hash, int from) {
        long w = 0;
        for (int i = from; i < from + 8; i++) {
            w = (w << 8) | (hash[i] & 0xFF);
        }
        return w;
    }
}
