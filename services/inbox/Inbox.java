package services.inbox;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What waits for a person, most urgent first, as read at {@code readAt}. */
public record Inbox(Instant readAt, List<InboxItem> items) {

    public Inbox {
        items = List.copyOf(items);
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
