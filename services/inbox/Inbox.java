package services.inbox;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import services.audit.Receipts;

/**
 * What waits for a person, most urgent first, as read at {@code readAt}; and the trust dial's receipts of the last
 * day (what it applied by itself, newest first) — told, not waiting: they are not items.
 */
public record Inbox(Instant readAt, List<InboxItem> items, List<Receipts.Receipt> receipts) {

    public Inbox {
        items = List.copyOf(items);
        receipts = List.copyOf(receipts);
    }

    public Inbox(Instant readAt, List<InboxItem> items) {
        this(readAt, items, List.of());
    }

    /** How many items each section of the window holds, in the order of first appearance. */
    public Map<String, Integer> countsBySection() {
        Map<String, Integer> out = new LinkedHashMap<>();
        items.forEach(i -> out.merge(i.section(), 1, Integer::sum));
        return out;
    }

    public boolean empty() {
        return items.isEmpty();
    }
}
