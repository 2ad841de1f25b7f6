package services.reach;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.IntStream;
import services.errors.ConsoleException;
import services.knowledge.KnowledgeDoc;
import services.knowledge.KnowledgeIndex;
import services.knowledge.KnowledgeQuery;
import services.knowledge.ScratchIndexes;
import services.knowledge.SearchResult;
import services.recall.ImplementorRecall;
import services.tasks.Lanes;
import services.tasks.ProgressSink;

/**
 * The implementor's search for many stories, replayed incrementally: with a {@link ReplayCache}, only stories
 * whose results can have changed are searched again. A story is searched again when
 * <ul>
 *   <li>its query (title, description, project) is new: a new story, or one whose words changed;</li>
 *   <li>a document among its cached hits was changed or deleted;</li>
 *   <li>a new or changed document matches its query — every word, within its types and project, as the index
 *       would match it (checked by running every cached query on a scratch index of the changed documents
 *       alone); for a story whose query matched nothing whole (words were dropped, or nothing was found at all),
 *       a new or changed document that holds any of its words.</li>
 * </ul>
 * A document can only enter a story's hits by matching its query, and only leave them by changing or going, so
 * the other stories' hits stand. One caveat: BM25 weighs words by collection statistics (how many documents hold
 * a word, their average length), which every write shifts a little; two hits of a story that score nearly alike
 * could swap places on a full replay. A full replay runs when there is no cache (or one of other rules or another
 * backend), and when the documents counted grew or shrank by more than {@value #DRIFT_PERCENT} % since the last
 * full replay.
 */
public final class StoryReplays {

    /**
     * How the stories were searched, and where the time went: reading every document's fingerprint, finding the
     * stories changed documents could reach, searching.
     */
    public record Stats(int stories, int replayed, int reused, int documentsChanged, boolean full, String why,
                        long scanMs, long matchMs, long searchMs) {
    }

    /** Per story, in order: the first hits of its search (before "too new" is taken out); and how it went. */
    public record Result(List<List<KnowledgeDoc>> ranked, Stats stats) {
    }

    static final int DRIFT_PERCENT = 10;
    private static final int BATCH = 256;
    /** Stories per parallel share of a batch. */
    private static final int PART = 32;
    private static final int SCAN_PAGE = 5000;
    /** Cached story queries not part of a run for this many days are let go. */
    private static final int KEEP_DAYS = 120;

    private final KnowledgeIndex index;
    private final Path cacheFile;
    private final boolean writable;
    private final LocalDate today;
    private final boolean forceFull;
    /** Where the shares of a batch are searched (given by the composition root; else one after the other). */
    private volatile Lanes lanes = Lanes.ONE_BY_ONE;
    /** Where the changed documents are matched against the cached queries (given by the composition root). */
    private volatile ScratchIndexes scratch;

    public StoryReplays(KnowledgeIndex index, Path cacheFile, boolean writable, LocalDate today) {
        this(index, cacheFile, writable, today, false);
    }

    /**
     * @param cacheFile the cache ({@code state/reach-replay.json}); null: every story is searched, nothing kept
     * @param writable  false on a read-only workspace: the cache is read, never written
     * @param forceFull every story searched (the cache is written afresh)
     */
    public StoryReplays(KnowledgeIndex index, Path cacheFile, boolean writable, LocalDate today, boolean forceFull) {
        this.forceFull = forceFull;
        this.index = index;
        this.cacheFile = cacheFile;
        this.writable = writable;
        this.today = today;
    }

    /** Searches the shares of each batch side by side in {@code shares}. Returns these replays. */
    public StoryReplays sharingWith(Lanes shares) {
        this.lanes = Objects.requireNonNull(shares);
        return this;
    }

    /** Matches changed documents against the cached queries on scratch indexes {@code scratch} opens. Returns this. */
    public StoryReplays matchingChangesIn(ScratchIndexes scratch) {
        this.scratch = Objects.requireNonNull(scratch);
        return this;
    }

    public Result replay(List<ImplementorRecall.Story> stories, int depth, ProgressSink progress) {
        ImplementorRecall recall = new ImplementorRecall(index);
        if (cacheFile == null) {
            List<List<KnowledgeDoc>> ranked = new ArrayList<>();
            long t = System.nanoTime();
            search(recall, stories, depth, progress, (i, r) -> ranked.add(r.ranked()));
            return new Result(ranked, new Stats(stories.size(), stories.size(), 0, 0, true, "no cache kept", 0, 0,
                    ms(t)));
        }
        progress.update(-1, "Reading what the index holds");
        long t0 = System.nanoTime();
        ReplayCache cache = ReplayCache.read(cacheFile);
        Map<String, KnowledgeDoc> docs = new HashMap<>();
        List<KnowledgeDoc> fresh = new ArrayList<>();
        Map<String, String> prints = scan(docs, cache == null ? null : cache.docs(), fresh);
        String backend = index.status().backend();
        String why = forceFull ? "asked for" : cache == null ? "no earlier replay"
                : !backend.equals(cache.backend()) ? "another index backend"
                : drift(cache.fullCount(), prints.size()) ? "the documents changed by more than " + DRIFT_PERCENT + " %"
                : null;
        boolean full = why != null;
        long scanMs = ms(t0);
        long t1 = System.nanoTime();
        Set<String> affected = new HashSet<>();
        int changedDocs = 0;
        if (!full) {
            Set<String> gone = new HashSet<>();
            cache.docs().forEach((id, print) -> {
                if (!print.equals(prints.get(id))) {
                    gone.add(id);
                }
            });
            Set<String> changed = new HashSet<>(gone);
            fresh.forEach(d -> changed.add(d.id()));
            changedDocs = changed.size();
            cache.stories().forEach((key, e) -> {
                if (e.ranked().stream().anyMatch(id -> gone.contains(id) || !prints.containsKey(id))) {
                    affected.add(key);
                }
            });
            affected.addAll(matching(fresh, cache, affected, progress, scratch));
        }
        long matchMs = ms(t1);
        long t2 = System.nanoTime();
        Map<String, ReplayCache.Entry> entries = new HashMap<>();
        if (!full) {
            cache.stories().forEach((key, e) -> {
                if (!affected.contains(key) && !LocalDate.parse(e.used()).isBefore(today.minusDays(KEEP_DAYS))) {
                    entries.put(key, e);
                }
            });
        }
        List<String> keys = stories.stream().map(s -> ReplayCache.key(ImplementorRecall.queryText(s), s.project()))
                .toList();
        List<Integer> todo = new ArrayList<>();
        Map<String, Integer> firstOfKey = new LinkedHashMap<>();
        for (int i = 0; i < stories.size(); i++) {
            if (!entries.containsKey(keys.get(i)) && firstOfKey.putIfAbsent(keys.get(i), i) == null) {
                todo.add(i);
            }
        }
        Map<String, List<KnowledgeDoc>> found = new HashMap<>();
        List<ImplementorRecall.Story> asked = todo.stream().map(stories::get).toList();
        search(recall, asked, depth, progress, (i, r) -> {
            String key = keys.get(todo.get(i));
            found.put(key, r.ranked());
            entries.put(key, new ReplayCache.Entry(r.ranked().stream().map(KnowledgeDoc::id).toList(),
                    r.injection().dropped(), today.toString()));
        });
        long searchMs = ms(t2);
        List<List<KnowledgeDoc>> ranked = new ArrayList<>();
        for (String key : keys) {
            List<KnowledgeDoc> hits = found.get(key);
            ReplayCache.Entry e = entries.get(key);
            ranked.add(hits != null ? hits : e.ranked().stream().map(docs::get).toList());
            entries.put(key, new ReplayCache.Entry(e.ranked(), e.dropped(), today.toString()));
        }
        if (writable) {
            new ReplayCache(ReplayCache.VERSION, backend, full ? prints.size() : cache.fullCount(), prints, entries)
                    .write(cacheFile);
        }
        return new Result(ranked, new Stats(stories.size(), todo.size(), stories.size() - todo.size(), changedDocs,
                full, why, scanMs, matchMs, searchMs));
    }

    private static long ms(long since) {
        return (System.nanoTime() - since) / 1_000_000;
    }

    private interface Found {
        void accept(int i, ImplementorRecall.Replay replay);
    }

    private void search(ImplementorRecall recall, List<ImplementorRecall.Story> stories, int depth,
                               ProgressSink progress, Found found) {
        for (int from = 0; from < stories.size(); from += BATCH) {
            progress.checkCancelled();
            progress.update((double) from / Math.max(1, stories.size()), "Replaying story " + (from + 1) + " of "
                    + stories.size());
            int start = from;
            int to = Math.min(stories.size(), from + BATCH);
            // The searches are independent reads of one index snapshot each: the lanes take a share of the batch.
            int shares = (to - from + PART - 1) / PART;
            List<List<ImplementorRecall.Replay>> parts = lanes.map(IntStream.range(0, shares).boxed()
                    .toList(), p -> recall.replayAll(stories.subList(start + p * PART,
                            Math.min(to, start + (p + 1) * PART)), depth));
            int i = from;
            for (List<ImplementorRecall.Replay> part : parts) {
                for (ImplementorRecall.Replay r : part) {
                    found.accept(i++, r);
                }
            }
        }
    }

    private static boolean drift(long fullCount, long now) {
        return Math.abs(now - fullCount) * 100 > DRIFT_PERCENT * Math.max(1, fullCount);
    }

    /**
     * Every document a replay can return (the implementor's types), loaded a page at a time, with its fingerprint;
     * kept without their content in {@code docs}, and whole in {@code fresh} when new or changed since {@code before}
     * (null: no earlier replay, nothing collected).
     */
    private Map<String, String> scan(Map<String, KnowledgeDoc> docs, Map<String, String> before,
                                     List<KnowledgeDoc> fresh) {
        Map<String, String> prints = new HashMap<>();
        KnowledgeQuery all = KnowledgeQuery.all().withFilter("type", ImplementorRecall.TYPES)
                .withSort(KnowledgeQuery.SortOrder.NEWEST).withLimit(SCAN_PAGE);
        for (int offset = 0; ; offset += SCAN_PAGE) {
            List<SearchResult.Hit> hits = index.search(all.withPage(offset, SCAN_PAGE)).hits();
            for (SearchResult.Hit h : hits) {
                KnowledgeDoc d = h.doc();
                String print = fingerprint(d);
                prints.put(d.id(), print);
                docs.put(d.id(), new KnowledgeDoc(d.id(), d.type(), shownTitle(d), "", null, d.project(), d.loopId(),
                        null, null, List.of(), d.createdAt(), null));
                if (before != null && !print.equals(before.get(d.id()))) {
                    fresh.add(d);
                }
            }
            if (hits.size() < SCAN_PAGE) {
                return prints;
            }
        }
    }

    /**
     * The title as the reach lists show it: ending in "…" when the index cut it from the content (a lesson's title is
     * its bullet's first 120 characters), so a cut title reads as cut, not as a sentence that stops.
     */
    static String shownTitle(KnowledgeDoc d) {
        String title = d.title() == null ? "" : d.title();
        String content = d.content() == null ? "" : d.content().strip();
        return !title.isEmpty() && !title.endsWith("…") && content.length() > title.length() && content.startsWith(title)
                ? title + "…" : title;
    }

    /** What the replay reads of a document: its words, type, project, loop and creation time. */
    static String fingerprint(KnowledgeDoc d) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (Object part : new Object[] {d.type(), d.title(), d.content(), d.project(), d.loopId(), d.createdAt()}) {
                sha.update(String.valueOf(part).getBytes(StandardCharsets.UTF_8));
                sha.update((byte) 0);
            }
            return HexFormat.of().formatHex(sha.digest(), 0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }

    /**
     * The cached story queries a new or changed document could enter: their whole query matches one of them on a
     * scratch index holding only those documents (any word of it, for a query that matched nothing whole).
     */
    private static Set<String> matching(List<KnowledgeDoc> fresh, ReplayCache cache, Set<String> skip,
                                        ProgressSink progress, ScratchIndexes scratchIndexes) {
        Set<String> out = new HashSet<>();
        if (fresh.isEmpty()) {
            return out;
        }
        progress.update(-1, "Finding the stories " + fresh.size() + " changed document(s) could reach");
        ChangedDocuments changed = new ChangedDocuments(fresh);
        List<String> keys = cache.stories().entrySet().stream().filter(e -> !skip.contains(e.getKey()))
                .filter(e -> {
                    int cut = e.getKey().indexOf('\u0000');
                    return changed.mayMatch(e.getKey().substring(cut + 1), e.getKey().substring(0, cut),
                            e.getValue().dropped() > 0 || e.getValue().ranked().isEmpty());
                }).map(Map.Entry::getKey).toList();
        if (scratchIndexes == null) {
            throw new IllegalStateException("a replay that keeps a cache needs a scratch index (matchingChangesIn)");
        }
        Path dir = null;
        try {
            dir = Files.createTempDirectory("reach-changed");
            try (KnowledgeIndex scratch = scratchIndexes.open(dir.resolve("index"))) {
                scratch.upsert(fresh);
                for (int from = 0; from < keys.size(); from += BATCH) {
                    progress.checkCancelled();
                    List<String> batch = keys.subList(from, Math.min(keys.size(), from + BATCH));
                    List<KnowledgeQuery> queries = new ArrayList<>();
                    for (String key : batch) {
                        int cut = key.indexOf('\u0000');
                        String project = key.substring(0, cut);
                        KnowledgeQuery q = ImplementorRecall.query(key.substring(cut + 1), project, 1);
                        ReplayCache.Entry e = cache.stories().get(key);
                        queries.add(e.dropped() > 0 || e.ranked().isEmpty() ? q.matchingAny() : q);
                    }
                    List<SearchResult> results = scratch.searchAll(queries);
                    for (int i = 0; i < batch.size(); i++) {
                        if (!results.get(i).hits().isEmpty()) {
                            out.add(batch.get(i));
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new ConsoleException("Cannot make a scratch index for the changed documents in "
                    + System.getProperty("java.io.tmpdir") + ": " + e.getMessage());
        } finally {
            deleteQuietly(dir);
        }
        return out;
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null) {
            return;
        }
        try (var files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a scratch folder left in the temp dir is harmless
        }
    }
}
