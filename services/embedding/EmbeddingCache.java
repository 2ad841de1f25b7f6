package services.embedding;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import services.workspace.WorkspaceWriteLock;

/**
 * Vectors already computed, by content hash, in one file of the workspace ({@code state/embeddings/<model>.bin}):
 * a header naming the model and its dimensions, then records of a 32-byte hash and the vector. Only where each
 * vector is, by hash, is held in memory ({@link HashSlots}: about 18 bytes a vector); vectors are read when asked
 * for. Appends are
 * forced to disk by {@link #flush()}; a record cut short by a crash is dropped when the file is next opened, so
 * the cache never returns half a vector. Opened lazily, on first use.
 */
public final class EmbeddingCache implements AutoCloseable {

    private static final byte[] MAGIC = "BCEMB1\n".getBytes(StandardCharsets.US_ASCII);
    private static final int HASH = 32;

    private final Path file;
    private final String model;
    private final int dimensions;
    private final int recordSize;
    private HashSlots offsets;
    private int headerSize;
    private FileChannel channel;
    private Object fileKey;
    private final WorkspaceWriteLock writeLock;
    private long end;
    private long appended;

    public EmbeddingCache(Path dir, String model, int dimensions) {
        this.file = dir.resolve(model + ".bin");
        this.model = model;
        this.dimensions = dimensions;
        this.recordSize = HASH + 4 * dimensions;
        // Several consoles share the cache: appends and compactions take the workspace's write lock (state/).
        this.writeLock = new WorkspaceWriteLock(dir.toAbsolutePath().getParent());
    }

    public Path file() {
        return file;
    }

    public synchronized float[] get(byte[] hash) {
        open();
        long at = locate(hash);
        if (at < 0) {
            return null;
        }
        ByteBuffer buf = ByteBuffer.allocate(recordSize).order(ByteOrder.LITTLE_ENDIAN); // the stored hash too
        if (!readRecord(buf, at)) {
            return null;
        }
        if (!buf.flip().slice(0, HASH).equals(ByteBuffer.wrap(hash))) {
            return null; // another text with the same first 64 bits (see HashSlots): not this one's vector
        }
        float[] vector = new float[dimensions];
        buf.position(HASH).slice().order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(vector);
        return vector;
    }

    public synchronized boolean contains(byte[] hash) {
        open();
        long at = locate(hash);
        ByteBuffer stored = ByteBuffer.allocate(HASH);
        return at >= 0 && readRecord(stored, at) && Arrays.equals(stored.array(), hash);
    }

    /** Where the record of this hash starts, reading what other consoles appended first if it is not known; or -1. */
    private long locate(byte[] hash) {
        long at = offsetOf(hash);
        if (at < 0 && catchUp()) {
            at = offsetOf(hash);
        }
        return at;
    }

    /** Fills {@code buf} from the record at {@code at}; false when the file ends first. */
    private boolean readRecord(ByteBuffer buf, long at) {
        try {
            return readFully(buf, at);
        } catch (IOException e) {
            throw new EmbeddingException("Cannot read the embedding cache " + file + ": " + e.getMessage(), e);
        }
    }

    /** Reads from {@code at} until {@code buf} is full or the file ends (then false). */
    private boolean readFully(ByteBuffer buf, long at) throws IOException {
        while (buf.hasRemaining()) {
            if (channel.read(buf, at + buf.position()) < 0) {
                return false;
            }
        }
        return true;
    }

    private long offsetOf(byte[] hash) {
        int record = offsets.get(hash);
        return record < 0 ? -1 : headerSize + (long) record * recordSize;
    }

    private int recordAt(long offset) {
        return (int) ((offset - headerSize) / recordSize);
    }

    /**
     * Appends these vectors (those not there yet) in one write under one hold of the write lock: a backfill
     * batch adds hundreds at once, and each hold of the lock is a few system calls and a file written.
     */
    public synchronized void putAll(List<byte[]> hashes, List<float[]> vectors) {
        for (float[] vector : vectors) {
            if (vector.length != dimensions) {
                throw new IllegalArgumentException("a vector of " + vector.length + " dimensions in a cache of " + dimensions);
            }
        }
        open();
        writeLock.run("write the embedding cache", () -> {
            catchUp(); // append after what another console appended, never over it
            List<Integer> fresh = new ArrayList<>();
            HashSlots batch = new HashSlots();
            for (int i = 0; i < hashes.size(); i++) {
                if (offsetOf(hashes.get(i)) < 0 && batch.get(hashes.get(i)) < 0) {
                    batch.put(hashes.get(i), i);
                    fresh.add(i);
                }
            }
            ByteBuffer buf = ByteBuffer.allocate(fresh.size() * recordSize).order(ByteOrder.LITTLE_ENDIAN);
            for (int i : fresh) {
                buf.put(hashes.get(i));
                for (float f : vectors.get(i)) {
                    buf.putFloat(f);
                }
            }
            buf.flip();
            try {
                while (buf.hasRemaining()) {
                    channel.write(buf, end + buf.position());
                }
            } catch (IOException e) {
                throw new EmbeddingException("Cannot write the embedding cache " + file + ": " + e.getMessage(), e);
            }
            for (int i : fresh) {
                offsets.put(hashes.get(i), recordAt(end));
                end += recordSize;
            }
            appended += fresh.size();
        });
    }

    public synchronized void put(byte[] hash, float[] vector) {
        if (vector.length != dimensions) {
            throw new IllegalArgumentException("a vector of " + vector.length + " dimensions in a cache of " + dimensions);
        }
        open();
        ByteBuffer buf = ByteBuffer.allocate(recordSize).order(ByteOrder.LITTLE_ENDIAN);
        buf.put(hash);
        buf.asFloatBuffer().put(vector);
        buf.position(recordSize).flip();
        writeLock.run("write the embedding cache", () -> {
            catchUp(); // append after what another console appended, never over it
            if (offsetOf(hash) >= 0) {
                return;
            }
            try {
                while (buf.hasRemaining()) {
                    channel.write(buf, end + buf.position());
                }
            } catch (IOException e) {
                throw new EmbeddingException("Cannot write the embedding cache " + file + ": " + e.getMessage(), e);
            }
            offsets.put(hash, recordAt(end));
            end += recordSize;
            appended++;
        });
    }

    /**
     * Takes in what other consoles wrote since: records appended after ours, or a file another console compacted
     * and moved into place. True when something new was read.
     */
    private boolean catchUp() {
        try {
            Object now = Files.exists(file) ? Files.readAttributes(file, BasicFileAttributes.class)
                    .fileKey() : null;
            if (now != null && fileKey != null && !now.equals(fileKey)) {
                channel.close();
                offsets = null;
                open();
                return true;
            }
            long whole = end + (channel.size() - end) / recordSize * recordSize;
            if (whole <= end) {
                return false;
            }
            readKeys(end, whole);
            end = whole;
            return true;
        } catch (IOException e) {
            throw new EmbeddingException("Cannot read the embedding cache " + file + ": " + e.getMessage(), e);
        }
    }

    /** Reads the hashes of the whole records in [from, to), in large sequential reads. */
    private void readKeys(long from, long to) throws IOException {
        int perRead = Math.max(1, (1 << 20) / recordSize);
        ByteBuffer chunk = ByteBuffer.allocate(perRead * recordSize);
        byte[] hash = new byte[HASH];
        for (long at = from; at < to; at += (long) perRead * recordSize) {
            chunk.clear().limit((int) Math.min(chunk.capacity(), to - at));
            if (!readFully(chunk, at)) {
                return;
            }
            for (int r = 0; r < chunk.limit() / recordSize; r++) {
                chunk.get(r * recordSize, hash);
                offsets.put(hash, recordAt(at + (long) r * recordSize));
            }
        }
    }

    /** Forces appended vectors to disk. */
    public synchronized void flush() {
        if (channel != null && appended > 0) {
            try {
                channel.force(false);
                appended = 0;
            } catch (IOException e) {
                throw new EmbeddingException("Cannot save the embedding cache " + file + ": " + e.getMessage(), e);
            }
        }
    }

    public synchronized int size() {
        open();
        return offsets.size();
    }

    /**
     * Rewrites the file with only the vectors of these hashes (the documents the index still holds), through a
     * temporary file moved into place; returns how many were dropped.
     */
    public synchronized int keepOnly(Set<String> liveHashesHex) {
        open();
        return writeLock.run("compact the embedding cache", () -> {
            catchUp();
            return compact(liveHashesHex);
        });
    }

    private int compact(Set<String> liveHashesHex) {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp-" + ProcessHandle.current().pid());
        int dropped = 0;
        try (FileChannel out = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE)) {
            out.write(header());
            HashSlots kept = new HashSlots();
            long at = out.position();
            ByteBuffer rec = ByteBuffer.allocate(recordSize);
            byte[] hash = new byte[HASH];
            for (long from = headerSize; from + recordSize <= end; from += recordSize) { // in file order
                rec.clear();
                readFully(rec, from);
                rec.get(0, hash);
                if (offsetOf(hash) != from) {
                    continue; // a second copy appended by another console: the first one counts
                }
                if (!liveHashesHex.contains(hex(hash))) {
                    dropped++;
                    continue;
                }
                rec.flip();
                while (rec.hasRemaining()) {
                    out.write(rec);
                }
                kept.put(hash, recordAt(at));
                at += recordSize;
            }
            out.force(true);
            channel.close();
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
            fileKey = Files.readAttributes(file, BasicFileAttributes.class).fileKey();
            offsets = kept;
            end = at;
        } catch (IOException e) {
            throw new EmbeddingException("Cannot compact the embedding cache " + file + ": " + e.getMessage(), e);
        }
        return dropped;
    }

    public static String hex(byte[] hash) {
        return HexFormat.of().formatHex(hash);
    }


    private ByteBuffer header() {
        byte[] name = model.getBytes(StandardCharsets.UTF_8);
        ByteBuffer h = ByteBuffer.allocate(MAGIC.length + 8 + name.length).order(ByteOrder.LITTLE_ENDIAN);
        h.put(MAGIC).putInt(dimensions).putInt(name.length).put(name);
        return h.flip();
    }

    private void open() {
        if (offsets != null) {
            return;
        }
        try {
            Files.createDirectories(file.getParent());
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
            fileKey = Files.readAttributes(file, BasicFileAttributes.class).fileKey();
            ByteBuffer expected = header();
            headerSize = expected.remaining();
            offsets = new HashSlots((int) Math.min(Integer.MAX_VALUE, Math.max(0, channel.size() - headerSize) / recordSize));
            if (channel.size() < headerSize || !headerMatches(expected)) {
                writeLock.run("start the embedding cache", () -> {
                    try {
                        if (channel.size() < headerSize || !headerMatches(expected)) {
                            // empty, or written for another model: start afresh (vectors are a cache, never the only copy)
                            channel.truncate(0);
                            channel.write(header(), 0);
                            channel.force(true);
                        }
                    } catch (IOException e) {
                        throw new EmbeddingException("Cannot start the embedding cache " + file + ": " + e.getMessage(), e);
                    }
                });
            }
            // The tail of a record a crash cut short is left alone: the next append (under the write lock, so never
            // while another console is mid-append) writes over it.
            long whole = headerSize + (channel.size() - headerSize) / recordSize * recordSize;
            readKeys(headerSize, whole);
            end = whole;
        } catch (IOException e) {
            throw new EmbeddingException("Cannot open the embedding cache " + file + ": " + e.getMessage(), e);
        }
    }

    private boolean headerMatches(ByteBuffer expected) throws IOException {
        ByteBuffer actual = ByteBuffer.allocate(expected.remaining());
        channel.read(actual, 0);
        return Arrays.equals(actual.array(), Arrays.copyOf(expected.array(), expected.remaining()));
    }

    @Override
    public synchronized void close() {
        flush();
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // nothing was left unwritten: flush() forced it
            }
        }
        channel = null;
        offsets = null;
    }
}
