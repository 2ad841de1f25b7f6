package services.brief;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import services.text.HumanDuration;
import services.text.Plural;

/**
 * The PRD keys of loops that ended, as Redis keeps them (running-system.md part 4): how many, how many never
 * expire ({@code PTTL} -1 — every story update rewrites the key with a plain {@code SET}, dropping the 7-day expiry
 * it was seeded with, so it stays until {@code joelclaw loop nuke}), how many expire and the soonest, how many have
 * an unknown TTL; and the few newest, named — never hundreds on one line.
 *
 * @param newest the newest few loop ids (by the time in the id {@code loop-<base36 ms>-…}, else by name)
 * @param more   how many more there are beyond {@code newest}
 */
public record PrdKeys(int ended, int noExpiry, int expiring, long soonestExpiryMillis, long latestExpiryMillis,
                      int unknown, List<String> newest, int more) {

    public static final int LISTED = 5;

    public PrdKeys {
        newest = List.copyOf(newest);
    }

    static PrdKeys of(List<LoopState.Loop> ended, Map<String, Long> ttls) {
        int noExpiry = 0;
        int expiring = 0;
        int unknown = 0;
        long soonest = -1;
        long latest = -1;
        for (LoopState.Loop l : ended) {
            Long ttl = ttls.get(l.loopId());
            if (ttl == null || ttl < -1) {
                unknown++;
            } else if (ttl == LoopState.NO_EXPIRY) {
                noExpiry++;
            } else {
                expiring++;
                soonest = soonest < 0 ? ttl : Math.min(soonest, ttl);
                latest = Math.max(latest, ttl);
            }
        }
        List<LoopState.Loop> sorted = new ArrayList<>(ended);
        sorted.sort(Comparator.comparingLong((LoopState.Loop l) -> startedAt(l.loopId())).reversed()
                .thenComparing(LoopState.Loop::loopId, Comparator.reverseOrder()));
        List<String> newest = sorted.stream().limit(LISTED).map(LoopState.Loop::loopId).toList();
        return new PrdKeys(ended.size(), noExpiry, expiring, soonest, latest, unknown, newest,
                ended.size() - newest.size());
    }

    /**
     * When a loop started, from its id as the running system makes it ({@code loop-<Date.now() in base 36>-<random>},
     * or {@code loop-<Date.now()>}); 0 when the id carries no time.
     */
    static long startedAt(String loopId) {
        String[] parts = loopId.split("-");
        if (parts.length < 2 || !parts[0].equals("loop")) {
            return 0;
        }
        String t = parts[1];
        try {
            long ms = t.chars().allMatch(Character::isDigit) && t.length() == 13 ? Long.parseLong(t) : Long.parseLong(t, 36);
            return ms > 1_500_000_000_000L && ms < 4_200_000_000_000L ? ms : 0; // 2017–2103: a real Date.now()
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** What the keys' lifetimes really are, in words: "152 with no expiry …; 1 expires in 6 d". */
    public String lifetimes() {
        List<String> parts = new ArrayList<>();
        if (noExpiry > 0) {
            parts.add(noExpiry + " with no expiry (each story update rewrites the key without one: it stays until "
                    + "joelclaw loop nuke)");
        }
        if (expiring > 0) {
            String soonest = HumanDuration.until(soonestExpiryMillis);
            String latest = HumanDuration.until(latestExpiryMillis);
            parts.add(expiring + (expiring == 1 ? " expires in " : " expire in ") + soonest
                    + (latest.equals(soonest) ? "" : " to " + latest));
        }
        if (unknown > 0) {
            parts.add(unknown + " with a TTL not read");
        }
        return String.join("; ", parts);
    }

    /** The newest few, named, and how many more: "a, b, c, d, e and 148 more". */
    public String named() {
        return String.join(", ", newest) + (more > 0 ? " and " + more + " more" : "");
    }

    /** One line: "153 ended loops still have PRD keys: …; newest: …". */
    public String line() {
        return Plural.of(ended, "ended loop") + (ended == 1 ? " still has a PRD key" : " still have PRD keys")
                + (lifetimes().isEmpty() ? "" : ": " + lifetimes()) + "; " + (ended > newest.size() ? "newest: " : "")
                + named();
    }
}
