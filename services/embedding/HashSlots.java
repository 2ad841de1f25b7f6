package services.embedding;

/**
 * Where each vector of the embedding cache is, by content hash: an open-addressing table of the hash's first 64
 * bits and the record's number in the file — 12 bytes a slot, about 18 a vector (at most three quarters of the
 * slots are used), where a {@code HashMap} of boxed keys and offsets took about 100 and 128 bits of key about 30
 * (a 100k-document workspace holds hundreds of thousands of vectors: whole texts and sentences). Two different
 * texts share 64 bits of SHA-256 with a probability of about n²/2⁶⁵ (10⁻⁸ for a million vectors); the cache
 * compares the whole hash stored in the file before it answers, so such a pair costs the second text its cached
 * vector, never a wrong one. Not thread-safe: the cache synchronizes.
 */
final class HashSlots {

    private long[] keys;
    private int[] records; // record number + 1; 0 = empty
    private int size;

    HashSlots() {
        this(0);
    }

    /** A table sized for this many hashes without growing (a cache opened reads its whole file at once). */
    HashSlots(int expected) {
        int slots = 1024;
        while (slots < (1 << 30) && (long) expected * 4 > (long) slots * 3) {
            slots <<= 1;
        }
        keys = new long[slots];
        records = new int[slots];
    }

    int size() {
        return size;
    }

    /** The record number stored for this hash's first 64 bits, or -1. */
    int get(byte[] hash) {
        long key = key(hash);
        int mask = records.length - 1;
        for (int i = slot(key) & mask; ; i = (i + 1) & mask) {
            if (records[i] == 0) {
                return -1;
            }
            if (keys[i] == key) {
                return records[i] - 1;
            }
        }
    }

    /** Stores the record number of this hash (replacing an earlier one with the same first 64 bits). */
    void put(byte[] hash, int record) {
        if ((size + 1) * 4L > records.length * 3L) {
            grow();
        }
        insert(key(hash), record + 1);
    }

    private void insert(long key, int recordPlusOne) {
        int mask = records.length - 1;
        for (int i = slot(key) & mask; ; i = (i + 1) & mask) {
            if (records[i] == 0) {
                keys[i] = key;
                records[i] = recordPlusOne;
                size++;
                return;
            }
            if (keys[i] == key) {
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
                insert(oldKeys[i], oldRecords[i]);
            }
        }
    }

    private static int slot(long key) {
        return (int) (key ^ (key >>> 32)); // SHA-256 bits are already uniform
    }

    private static long key(byte[] hash) {
        long w = 0;
        for (int i = 0; i < 8; i++) {
            w = (w << 8) | (hash[i] & 0xFF);
        }
        return w;
    }
}
